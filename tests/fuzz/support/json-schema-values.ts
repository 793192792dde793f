import fc from 'fast-check';

/** The part of JSON Schema (draft 2020-12, as zod 4 writes it) the fuzzer reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

/** Real values from the test's own data, so generated requests reach the handlers. */
export interface Known {
  uuids: string[];
  byName: Record<string, string[]>;
}

/** Plausible values by field name, for strings whose checks JSON Schema cannot express (refine, transform). */
const HINTS: Array<[RegExp, string[]]> = [
  [/mobile|phone/i, ['9876543210', '9000000003', '+91 98765 43210']],
  [/aadhar/i, ['500000000003', '234567890123']],
  [/email/i, ['customer@demo.local', 'new.person@example.com']],
  [/identifier/i, ['customer@demo.local', '9000000003']],
  [/date/i, ['2026-11-21', '2026-11-21T04:30:00.000Z', '2027-01-15']],
  [/^(from|to)$/, ['2026-01', '2026-11']],
  [/otp|code/i, ['123456', '000000']],
  [/password/i, ['Secret#1234']],
  [/relation/i, ['Son']],
  [/address/i, ['12 Temple Street, Mylapore, Chennai 600004']],
  [/description|notes|reason|message/i, ['Gold chain, 22 karat']],
  [/name/i, ['Meena Kumari']],
  [/bank/i, ['State Bank of India']],
  [/transactionId/i, ['UTR123456789']],
  [/purpose/i, ['loan_creation']],
];

/** Plausible numbers by field name, so the domain rules (net ≤ gross, LTV caps) pass as often as the schema. */
const NUMBER_HINTS: Array<[RegExp, number[]]> = [
  [/^grossWeight$/, [30, 12.5]],
  [/^netWeight$/, [28.5, 12]],
  [/purity/i, [22, 18]],
  [/interestRate|annualRate/i, [18, 24]],
  [/^term/i, [6, 3, 12]],
  [/amount|principal|price/i, [1000, 25_000]],
  [/^rate$/i, [7500]],
  [/days/i, [7, 30]],
  [/index/i, [0, 1]],
  [/^gold$/, [10]],
  [/^page$/, [1]],
  [/^limit$/, [10, 20]],
];

export function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let s = schema;
  for (let hops = 0; s.$ref && hops < 10; hops++) {
    const name = s.$ref.replace(/^#\/\$defs\//, '');
    s = root.$defs?.[name] ?? {};
  }
  if (s.allOf?.length) {
    const merged: JsonSchema = { ...s, allOf: undefined };
    for (const part of s.allOf) Object.assign(merged, resolve(part, root));
    return merged;
  }
  return s;
}

const typesOf = (s: JsonSchema): string[] =>
  s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];

const fitsLength = (s: JsonSchema) => (v: string) =>
  v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity);

function matchesPattern(s: JsonSchema, v: string): boolean {
  if (!s.pattern) return true;
  try {
    return new RegExp(s.pattern).test(v);
  } catch {
    return true;
  }
}

/** A string the schema (and, by its name, the field's refinements) will probably accept. */
function stringValue(s: JsonSchema, name: string, known: Known): fc.Arbitrary<string> {
  const fits = (v: string) => fitsLength(s)(v) && matchesPattern(s, v);
  const byName = [
    ...(known.byName[name] ?? []),
    ...HINTS.filter(([re]) => re.test(name)).flatMap(([, v]) => v),
  ];
  const options: fc.Arbitrary<string>[] = [];
  const hinted = byName.filter(fits);
  if (hinted.length > 0) options.push(fc.constantFrom(...hinted));
  if (s.format === 'uuid') {
    options.push(fc.constantFrom(...known.uuids), fc.uuid({ version: 4 }));
  } else if (s.format === 'email') {
    options.push(fc.emailAddress().filter(fits));
  } else if (s.format === 'date-time') {
    options.push(
      fc
        .date({
          min: new Date('2020-01-01T00:00:00Z'),
          max: new Date('2030-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString()),
    );
  } else if (s.pattern) {
    try {
      options.push(fc.stringMatching(new RegExp(s.pattern)).filter(fitsLength(s)));
    } catch {
      // A pattern JavaScript cannot compile: the hints and plain strings below stand in.
    }
  }
  if (options.length === 0 || !s.pattern) {
    const min = s.minLength ?? 0;
    options.push(fc.string({ minLength: min, maxLength: Math.max(min, Math.min(s.maxLength ?? 40, 40)) }));
  }
  return options.length === 1 ? options[0]! : fc.oneof(...options);
}

function numberValue(s: JsonSchema, integer: boolean, name: string): fc.Arbitrary<number> {
  const step = integer ? 1 : 0.01;
  let min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + step : -1_000_000);
  let max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - step : 1_000_000);
  // Keep the numbers human: a page of 9e15 is covered by the hostile values.
  min = Math.max(min, -1_000_000);
  max = Math.min(max, Math.max(min, 1_000_000));
  const hints = NUMBER_HINTS.filter(([re]) => re.test(name))
    .flatMap(([, v]) => v)
    .filter((n) => n >= min && n <= max && (!integer || Number.isInteger(n)));
  const ranged = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.oneof(
        fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
        fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((n) => n / 100),
      );
  return hints.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...hints), weight: 3 }, ranged) : ranged;
}

/** Values the schema accepts, or nearly: the starting point every mutation departs from. */
export function validValue(
  schema: JsonSchema,
  root: JsonSchema,
  known: Known,
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = resolve(schema, root);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) {
    // Prefer the non-null branch: null is easy to reach, a full object is not.
    const branches = alternatives.map((a) => ({
      arbitrary: validValue(a, root, known, name, depth),
      weight: resolve(a, root).type === 'null' ? 1 : 4,
    }));
    return fc.oneof(...branches);
  }
  const types = typesOf(s);
  const concrete = types.filter((t) => t !== 'null');
  if (types.includes('null') && concrete.length > 0) {
    return fc.oneof(
      { arbitrary: validValue({ ...s, type: concrete }, root, known, name, depth), weight: 4 },
      { arbitrary: fc.constant(null), weight: 1 },
    );
  }
  const type = concrete[0];
  switch (type) {
    case 'string':
      return stringValue(s, name, known);
    case 'integer':
      return numberValue(s, true, name);
    case 'number':
      return numberValue(s, false, name);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (depth > 4) return fc.constant([]);
      const minLength = s.minItems ?? 0;
      const item = s.items ? validValue(s.items, root, known, name, depth + 1) : fc.constant('x');
      return fc.array(item, { minLength, maxLength: Math.max(minLength, Math.min(s.maxItems ?? 3, 3)) });
    }
    case 'object': {
      if (depth > 4) return fc.constant({});
      const props = s.properties ?? {};
      const shape = Object.fromEntries(
        Object.entries(props).map(([key, p]) => [key, validValue(p, root, known, key, depth + 1)]),
      );
      return fc.record(shape, { requiredKeys: Object.keys(props).filter((k) => s.required?.includes(k)) });
    }
    default:
      // No constraint at all (`{}`): anything JSON goes.
      return fc.constantFrom<unknown>({}, null, 'x', 1, true);
  }
}

/** Every field of a body or query, nested objects and the first item of arrays included. */
export interface FieldPath {
  path: Array<string | number>;
  schema: JsonSchema;
  required: boolean;
}

export function fieldPaths(schema: JsonSchema | undefined, root = schema, depth = 0): FieldPath[] {
  if (!schema || !root || depth > 3) return [];
  const s = objectBranch(resolve(schema, root), root);
  if (!s) return [];
  const out: FieldPath[] = [];
  for (const [key, raw] of Object.entries(s.properties ?? {})) {
    const p = resolve(raw, root);
    out.push({ path: [key], schema: p, required: s.required?.includes(key) ?? false });
    for (const inner of fieldPaths(p, root, depth + 1)) out.push({ ...inner, path: [key, ...inner.path] });
    const items = p.items ? resolve(p.items, root) : undefined;
    if (items && (typesOf(items).includes('object') || items.properties)) {
      out.push({ path: [key, 0], schema: items, required: (p.minItems ?? 0) > 0 });
      for (const inner of fieldPaths(items, root, depth + 1)) {
        out.push({ ...inner, path: [key, 0, ...inner.path] });
      }
    }
  }
  return out;
}

/** The object alternative of a schema (`{…} | null` bodies), if it has one. */
export function objectBranch(s: JsonSchema, root: JsonSchema): JsonSchema | undefined {
  if (typesOf(s).includes('object') || s.properties) return s;
  for (const alt of s.anyOf ?? s.oneOf ?? []) {
    const found = objectBranch(resolve(alt, root), root);
    if (found) return found;
  }
  return undefined;
}

/** One value of each JSON type a field does not accept (`more`: a few of each). */
export function wrongTypes(s: JsonSchema, root: JsonSchema, more = false): unknown[] {
  const accepted = new Set<string>();
  const collect = (x: JsonSchema) => {
    const r = resolve(x, root);
    typesOf(r).forEach((t) => accepted.add(t === 'integer' ? 'number' : t));
    if (r.enum) r.enum.forEach((v) => accepted.add(v === null ? 'null' : typeof v));
    if (r.const !== undefined) accepted.add(r.const === null ? 'null' : typeof r.const);
    (r.anyOf ?? r.oneOf ?? []).forEach(collect);
    if (!r.type && !r.enum && r.const === undefined && !r.anyOf && !r.oneOf) {
      // `{}` takes anything.
      ['string', 'number', 'boolean', 'null', 'array', 'object'].forEach((t) => accepted.add(t));
    }
  };
  collect(s);
  const samples: Array<[string, unknown[]]> = [
    ['string', ['12345', 'true', 'null', '']],
    ['number', [12345, 0, -1]],
    ['boolean', [true, false]],
    ['null', [null]],
    ['array', [['a'], [], [null], [[]]]],
    ['object', [{ a: 'b' }, {}, { $gt: '' }]],
  ];
  return samples.filter(([t]) => !accepted.has(t)).flatMap(([, v]) => (more ? v : v.slice(0, 1)));
}

/** Sets a value deep in a JSON value (a copy), creating containers on the way. */
export function setIn(value: unknown, path: Array<string | number>, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const arr = Array.isArray(value) ? [...value] : [];
    arr[head] = setIn(arr[head], rest, leaf);
    return arr;
  }
  const obj = value && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
  (obj as Record<string, unknown>)[head!] = setIn((obj as Record<string, unknown>)[head!], rest, leaf);
  return obj;
}

/** Removes a value deep in a JSON value (a copy). */
export function deleteIn(value: unknown, path: Array<string | number>): unknown {
  if (path.length === 0 || !value || typeof value !== 'object') return value;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const arr = [...value];
    if (rest.length === 0) arr.splice(Number(head), 1);
    else arr[Number(head)] = deleteIn(arr[Number(head)], rest);
    return arr;
  }
  const obj = { ...(value as Record<string, unknown>) };
  if (rest.length === 0) delete obj[String(head)];
  else obj[String(head)] = deleteIn(obj[String(head)], rest);
  return obj;
}

/** Reads a value deep in a JSON value. */
export const getIn = (value: unknown, path: Array<string | number>): unknown =>
  path.reduce<unknown>(
    (v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
    value,
  );
