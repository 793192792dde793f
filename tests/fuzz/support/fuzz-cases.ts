// Long because CaseBuilder is one class: the systematic and the random cases draw on the same
// per-route pools of valid and hostile values, which it keeps between calls; split, each half
// would need those pools exposed.
import fc from 'fast-check';
import {
  FORGED_AUTH,
  HOSTILE_HEADERS,
  HOSTILE_QUERY_EXTRAS,
  KB100,
  MB1,
  MORE_CONTENT_TYPES,
  MORE_MALFORMED_JSON,
  MORE_NUMBERS,
  MORE_PATH_VALUES,
  MORE_STRINGS,
  MULTIPART_CASES,
  RawJson,
  SHARP_CONTENT_TYPES,
  SHARP_MALFORMED_JSON,
  SHARP_NUMBERS,
  SHARP_PATH_VALUES,
  SHARP_STRINGS,
  moreQueries,
  sharpQueries,
  toJsonText,
} from './hostile-inputs.js';
import {
  deleteIn,
  fieldPaths,
  getIn,
  objectBranch,
  resolve,
  setIn,
  validValue,
  wrongTypes,
  type FieldPath,
  type JsonSchema,
  type Known,
} from './json-schema-values.js';
import { CALLERS, allows, type Caller, type CatalogRoute, type InputPart } from './route-catalog.js';

/** One request to send, and what it is, for the report. */
export interface FuzzCase {
  caller: Caller;
  /** Replaces the caller's real token. */
  auth?: Record<string, string>;
  method: string;
  url: string;
  contentType?: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
  label: string;
}

const JSON_TYPE = 'application/json';

/** The random cases draw from everything; the systematic ones from the sharp lists only. */
const ALL_MALFORMED_JSON = [...SHARP_MALFORMED_JSON, ...MORE_MALFORMED_JSON];
const ALL_CONTENT_TYPES = [...SHARP_CONTENT_TYPES, ...MORE_CONTENT_TYPES];
const ALL_PATH_VALUES = [...SHARP_PATH_VALUES, ...MORE_PATH_VALUES];
const allQueries = (key: string) => [...sharpQueries(key), ...moreQueries(key)];

/** Routes that also get the hostile platform headers (they cost a wait each: a few suffice). */
const HEADER_ROUTES = new Set([
  'GET /health',
  'GET /api/settings/gold-rate',
  'GET /api/loans/:id',
  'GET /api/admin/loans',
]);

const typesOf = (s: JsonSchema) => (s.type === undefined ? [] : [s.type].flat());
const acceptsString = (s: JsonSchema, root: JsonSchema): boolean =>
  typesOf(s).includes('string') ||
  (s.anyOf ?? s.oneOf ?? []).some((a) => acceptsString(resolve(a, root), root));
const acceptsNumber = (s: JsonSchema, root: JsonSchema): boolean =>
  typesOf(s).some((t) => t === 'number' || t === 'integer') ||
  (s.anyOf ?? s.oneOf ?? []).some((a) => acceptsNumber(resolve(a, root), root));

/** Path parameter names in a route's url (`:id`, and `*` for wildcards). */
export const paramNames = (url: string) => [
  ...[...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!),
  ...(url.includes('*') ? ['*'] : []),
];

export function fillPath(url: string, values: Record<string, [string, 'raw' | 'encode']>): string {
  // A request line always starts with a slash, whatever the route's pattern looks like.
  if (!url.startsWith('/')) url = `/${url}`;
  const at = (name: string) => {
    const [text, how] = values[name] ?? ['x', 'raw'];
    return how === 'encode' ? encodeURIComponent(text) : text;
  };
  return url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => at(name)).replace('*', () => at('*'));
}

/** Query objects as a browser encodes them; anything not a string is written as JSON. */
const encodeQuery = (q: unknown) =>
  q && typeof q === 'object'
    ? Object.entries(q as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .map(
          ([k, v]) =>
            `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`,
        )
        .join('&')
    : '';

const parseQuery = (q: string) => Object.fromEntries(new URLSearchParams(q));

const withQuery = (path: string, query: string) =>
  query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;

/** The callers a route is really for; the systematic cases go out as the first (the strongest). */
export const allowedCallers = (route: CatalogRoute): Caller[] =>
  [...CALLERS].reverse().filter((c) => allows(route.access, c));

/** Builds the fuzz cases of a route from its schemas and the test's real ids. */
export class CaseBuilder {
  /** Routes for which no generated input passed the route's own schema (their fuzzing stays shallow). */
  readonly withoutValidInput = new Set<string>();
  /** Body schemas whose fields were already taken apart (the admin and employee twins share theirs). */
  private readonly fieldsDone = new Set<string>();
  private readonly pools = new Map<string, { values: unknown[]; valid: boolean }>();

  constructor(
    private readonly known: Known,
    private readonly seed: number,
  ) {}

  /** The known ids changed (a new loan): valid inputs are found again. */
  forgetInputs(): void {
    this.pools.clear();
  }

  /**
   * Inputs the route's own zod schema accepts, found among generated candidates: the
   * starting points of the mutations, so a broken field is the only thing broken.
   */
  private pool(
    route: CatalogRoute,
    part: InputPart,
    candidates: fc.Arbitrary<unknown>,
    preferred: unknown[] = [],
  ) {
    const key = `${route.method} ${route.url} ${part}`;
    let pool = this.pools.get(key);
    if (!pool) {
      const accepts = route.accepts[part];
      const sampled = [...preferred, ...fc.sample(candidates, { seed: this.seed ^ hash(key), numRuns: 300 })];
      const seen = new Set<string>();
      const valid = sampled.filter((v) => {
        const id = toJsonText(v);
        if (seen.has(id) || !(accepts?.(part === 'querystring' ? parseQuery(v as string) : v) ?? true))
          return false;
        seen.add(id);
        return true;
      });
      pool =
        valid.length > 0
          ? { values: valid.slice(0, 25), valid: true }
          : { values: sampled.slice(0, 25), valid: false };
      if (!pool.valid) this.withoutValidInput.add(`${route.method} ${route.url} (${part})`);
      this.pools.set(key, pool);
    }
    return { first: pool.values[0], arbitrary: fc.constantFrom(...pool.values) };
  }

  private bodies(route: CatalogRoute) {
    return this.pool(route, 'body', validValue(route.body!, route.body!, this.known));
  }

  private queries(route: CatalogRoute) {
    if (!route.querystring) return { first: '', arbitrary: fc.constant('') };
    const q = this.pool(
      route,
      'querystring',
      validValue(route.querystring, route.querystring, this.known).map(encodeQuery),
      [''],
    );
    return q as { first: string; arbitrary: fc.Arbitrary<string> };
  }

  private params(route: CatalogRoute) {
    const names = paramNames(route.url);
    const real = Object.fromEntries(names.map((n) => [n, this.known.byName[n]?.[0] ?? 'x']));
    const p = this.pool(
      route,
      'params',
      this.validParams(route).map((r) => Object.fromEntries(Object.entries(r).map(([k, [v]]) => [k, v]))),
      [real],
    );
    const encode = (v: unknown) =>
      Object.fromEntries(
        Object.entries(v as Record<string, string>).map(([k, x]) => [
          k,
          [x, 'encode'] as [string, 'raw' | 'encode'],
        ]),
      );
    return { first: encode(p.first), arbitrary: p.arbitrary.map(encode) };
  }

  /** Valid path parameters: real ids where the test has them. */
  private validParams(route: CatalogRoute): fc.Arbitrary<Record<string, [string, 'raw' | 'encode']>> {
    const names = paramNames(route.url);
    const props =
      (route.params && objectBranch(resolve(route.params, route.params), route.params)?.properties) ?? {};
    const shape = Object.fromEntries(
      names.map((name) => {
        const real = this.known.byName[name] ?? [];
        const schema = props[name];
        const fromSchema = schema
          ? validValue(schema, route.params!, this.known, name).map((v) => String(v))
          : fc.constant('x');
        const arb =
          real.length > 0
            ? fc.oneof({ arbitrary: fc.constantFrom(...real), weight: 3 }, fromSchema)
            : fromSchema;
        return [name, arb.map((v): [string, 'raw' | 'encode'] => [v, 'encode'])];
      }),
    );
    return fc.record(shape) as fc.Arbitrary<Record<string, [string, 'raw' | 'encode']>>;
  }

  private hostileValuesFor(field: FieldPath, root: JsonSchema, sharpOnly: boolean): unknown[] {
    const values = [...wrongTypes(field.schema, root, !sharpOnly)];
    if (acceptsString(field.schema, root)) values.push(...SHARP_STRINGS, ...(sharpOnly ? [] : MORE_STRINGS));
    if (acceptsNumber(field.schema, root)) values.push(...SHARP_NUMBERS, ...(sharpOnly ? [] : MORE_NUMBERS));
    return values;
  }

  /** Every field × every wrong type and sharp value, the whole-body breakages, the param and query breakages. */
  systematic(route: CatalogRoute): FuzzCase[] {
    const caller = allowedCallers(route)[0] ?? 'admin';
    const key = `${route.method} ${route.url}`;
    const params = this.params(route).first;
    const path = fillPath(route.url, params);
    const query = this.queries(route).first;
    const url = withQuery(path, query);
    const cases: FuzzCase[] = [];
    const add = (c: Omit<FuzzCase, 'caller' | 'method'> & { caller?: Caller }) =>
      cases.push({ caller, method: route.method, ...c });

    if (route.body) {
      const root = route.body;
      const base = this.bodies(route).first;
      const json = (v: unknown, label: string) =>
        add({ url, contentType: JSON_TYPE, payload: toJsonText(v), label });
      const fields = fieldPaths(root);
      const signature = `${route.method} ${JSON.stringify(root)}`;
      const twin = this.fieldsDone.has(signature);
      this.fieldsDone.add(signature);
      for (const field of twin ? [] : fields) {
        const name = field.path.join('.');
        for (const v of this.hostileValuesFor(field, root, true)) {
          json(setIn(base, field.path, v), `field ${name} = ${brief(v)}`);
        }
        if (field.required) json(deleteIn(base, field.path), `field ${name} missing`);
        if (objectBranch(field.schema, root)) {
          json(setIn(base, field.path, [getIn(base, field.path) ?? {}]), `field ${name} as an array`);
        }
      }
      const strings = fields.filter(
        (f) => acceptsString(f.schema, root) && typeof f.path.at(-1) === 'string',
      );
      if (strings.length > 0) {
        json(
          strings.reduce((b, f) => setIn(b, f.path, KB100), base),
          '100 KB in every string field',
        );
      }
      json(setIn(base, strings[0]?.path ?? ['padding'], MB1), '1 MB string');
      json(
        { ...(base as object), unknownField: 'x', $where: '1', nested: { deep: [1, { a: null }] } },
        'unknown fields',
      );
      json([base], 'the body as an array');
      for (const text of SHARP_MALFORMED_JSON)
        add({ url, contentType: JSON_TYPE, payload: text, label: `malformed ${brief(text)}` });
      add({ url, contentType: JSON_TYPE, payload: '', label: 'empty JSON body' });
      for (const type of SHARP_CONTENT_TYPES)
        add({ url, contentType: type, payload: toJsonText(base), label: `content-type ${type}` });
      add({ url, payload: toJsonText(base), label: 'no content-type' });
      // Last: a valid command may end the loan the other cases work on.
      json(base, 'valid-looking body');
    } else if (route.method !== 'GET' && !route.multipart) {
      for (const text of ['{', '[]', '{"__proto__":{"x":1}}', 'x'.repeat(2000)]) {
        add({
          url,
          contentType: JSON_TYPE,
          payload: text,
          label: `body ${brief(text)} to a bodiless route`,
        });
      }
      for (const type of ['text/plain', 'multipart/form-data', 'application/x-www-form-urlencoded']) {
        add({ url, contentType: type, payload: 'a=1', label: `content-type ${type}` });
      }
    }

    if (route.multipart) {
      for (const m of MULTIPART_CASES)
        add({ url, contentType: m.contentType, payload: m.payload, label: `multipart: ${m.label}` });
      add({
        url,
        contentType: JSON_TYPE,
        payload: '{"goldItemIndex":0}',
        label: 'JSON instead of multipart',
      });
      add({ url, label: 'no body at all' });
    }

    for (const name of paramNames(route.url)) {
      for (const hostile of SHARP_PATH_VALUES) {
        const p = fillPath(route.url, { ...params, [name]: hostile });
        add({
          url: withQuery(p, query),
          label: `param ${name} = ${brief(hostile[0])} (${hostile[1]})`,
          ...this.bodyFor(route),
        });
      }
    }

    const queryKeys = Object.keys(
      (route.querystring &&
        objectBranch(resolve(route.querystring, route.querystring), route.querystring)?.properties) ??
        {},
    );
    for (const k of queryKeys) {
      for (const q of sharpQueries(k))
        add({ url: withQuery(path, q), label: `query ${brief(q)}`, ...this.bodyFor(route) });
    }
    // A route without a query schema ignores the query: one stray query each is enough.
    const turn = hash(key);
    const extras =
      queryKeys.length > 0
        ? HOSTILE_QUERY_EXTRAS
        : [HOSTILE_QUERY_EXTRAS[turn % HOSTILE_QUERY_EXTRAS.length]!];
    for (const q of extras)
      add({ url: withQuery(url, q), label: `query ${brief(q)}`, ...this.bodyFor(route) });

    if (HEADER_ROUTES.has(key)) {
      for (const headers of HOSTILE_HEADERS) {
        add({
          url,
          headers,
          label: `header ${brief(Object.entries(headers)[0])}`,
          ...this.bodyFor(route),
        });
      }
    }

    if (route.access !== 'public' && route.access !== undefined) {
      // One hook checks every route's session: each route gets one forged token, in turn.
      for (const auth of [FORGED_AUTH[turn % FORGED_AUTH.length]!]) {
        add({
          caller: 'anonymous',
          auth,
          url,
          label: `forged ${brief(Object.values(auth)[0])}`,
          ...this.bodyFor(route),
        });
      }
    }
    return cases;
  }

  /** A valid body for a route that takes one, so a case about the url is judged on the url. */
  private bodyFor(route: CatalogRoute): Pick<FuzzCase, 'contentType' | 'payload'> {
    if (!route.body) return {};
    return { contentType: JSON_TYPE, payload: toJsonText(this.bodies(route).first) };
  }

  /** Random mixes for one caller: a valid-looking request with zero to a few things broken. */
  random(route: CatalogRoute, caller: Caller): fc.Arbitrary<FuzzCase> {
    const body = this.randomBody(route);
    const params = this.params(route).arbitrary.chain((valid) => {
      const names = Object.keys(valid);
      if (names.length === 0) return fc.constant(valid);
      return fc.oneof(
        { arbitrary: fc.constant(valid), weight: 3 },
        {
          arbitrary: fc
            .record({ name: fc.constantFrom(...names), hostile: fc.constantFrom(...ALL_PATH_VALUES) })
            .map(({ name, hostile }) => ({ ...valid, [name]: hostile })),
          weight: 1,
        },
      );
    });
    const queryKeys = Object.keys(
      (route.querystring &&
        objectBranch(resolve(route.querystring, route.querystring), route.querystring)?.properties) ??
        {},
    );
    const validQuery = this.queries(route).arbitrary;
    const query = fc.oneof(
      { arbitrary: validQuery, weight: 3 },
      {
        arbitrary: fc
          .tuple(validQuery, fc.constantFrom(...(queryKeys.length > 0 ? queryKeys : ['q'])))
          .chain(([v, k]) =>
            fc.constantFrom(...allQueries(k), ...HOSTILE_QUERY_EXTRAS).map((h) => (v ? `${v}&${h}` : h)),
          ),
        weight: 1,
      },
    );
    const contentType = fc.oneof(
      { arbitrary: fc.constant(route.multipart ? undefined : JSON_TYPE), weight: 8 },
      { arbitrary: fc.constantFrom(...ALL_CONTENT_TYPES), weight: 1 },
    );
    const auth = fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 12 },
      { arbitrary: fc.constantFrom(...FORGED_AUTH), weight: 1 },
    );
    return fc.record({ body, params, query, contentType, auth }).map((r) => {
      const url = withQuery(fillPath(route.url, r.params), r.query);
      const changed = Object.entries(r.params)
        .filter(([, [, how]]) => how === 'raw')
        .map(([n, [v]]) => `param ${n} = ${brief(v)}`);
      const label = [
        r.body.label,
        ...changed,
        r.query ? `query ${brief(r.query)}` : '',
        r.auth ? 'forged token' : '',
      ]
        .filter(Boolean)
        .join('; ');
      const multipartCase = route.multipart && r.body.contentType ? r.body.contentType : undefined;
      return {
        caller,
        auth: r.auth,
        method: route.method,
        url,
        label: label || 'valid-looking request',
        ...(r.body.payload !== undefined
          ? { payload: r.body.payload, contentType: multipartCase ?? r.contentType }
          : {}),
      };
    });
  }

  private randomBody(
    route: CatalogRoute,
  ): fc.Arbitrary<{ payload?: string | Buffer; contentType?: string; label: string }> {
    if (route.multipart) {
      return fc
        .constantFrom(...MULTIPART_CASES)
        .map((m) => ({ payload: m.payload, contentType: m.contentType, label: `multipart: ${m.label}` }));
    }
    const malformed = fc
      .constantFrom(...ALL_MALFORMED_JSON)
      .map((text) => ({ payload: text, label: `malformed ${brief(text)}` }));
    const anything = fc
      .jsonValue({ maxDepth: 3 })
      .map((v) => ({ payload: toJsonText(v), label: `anything ${brief(v)}` }));
    if (!route.body) {
      if (route.method === 'GET') return fc.constant({ label: '' });
      return fc.oneof({ arbitrary: fc.constant({ label: '' }), weight: 3 }, anything, malformed);
    }
    const root = route.body;
    const fields = fieldPaths(root);
    const base = this.bodies(route).arbitrary;
    const mutated = (b: unknown, n: number): fc.Arbitrary<{ value: unknown; label: string }> => {
      if (n === 0 || fields.length === 0) return fc.constant({ value: b, label: '' });
      return fc
        .constantFrom(...fields)
        .chain((f) =>
          fc
            .oneof(
              { arbitrary: fc.constantFrom(...this.hostileValuesFor(f, root, false)), weight: 4 },
              { arbitrary: fc.anything({ maxDepth: 2 }), weight: 1 },
              ...(f.required ? [{ arbitrary: fc.constant(MISSING), weight: 1 }] : []),
            )
            .map((v) => ({
              value: v === MISSING ? deleteIn(b, f.path) : setIn(b, f.path, v),
              label: `${f.path.join('.')} ${v === MISSING ? 'missing' : `= ${brief(v)}`}`,
            })),
        )
        .chain((once) =>
          mutated(once.value, n - 1).map((more) => ({
            value: more.value,
            label: [once.label, more.label].filter(Boolean).join(', '),
          })),
        );
    };
    const body = fc.tuple(base, fc.integer({ min: 0, max: 3 })).chain(([b, n]) => mutated(b, n));
    return fc.oneof(
      {
        arbitrary: body.map((b) => ({
          payload: toJsonText(b.value),
          label: b.label ? `body ${b.label}` : 'valid-looking body',
        })),
        weight: 8,
      },
      {
        arbitrary: body.map((b) => ({ payload: toJsonText([b.value]), label: 'body wrapped in an array' })),
        weight: 1,
      },
      {
        arbitrary: fc
          .tuple(
            body,
            fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
          )
          .map(([b, extra]) => ({
            payload: toJsonText({ ...extra, ...(b.value as object) }),
            label: 'body with unknown fields',
          })),
        weight: 1,
      },
      anything,
      malformed,
    );
  }
}

const MISSING = Symbol('missing');

/** A short, printable description of a value. */
export function brief(v: unknown): string {
  const text = typeof v === 'string' ? JSON.stringify(v) : v instanceof RawJson ? v.text : toJsonText(v);
  const short = text.length > 40 ? `${text.slice(0, 30)}…(${text.length} chars)` : text;
  return short.replace(/\p{Cc}/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
