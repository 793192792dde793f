import type { FastifyInstance } from 'fastify';

/**
 * Text PostgreSQL cannot hold: the NUL character (in `text` and in `jsonb`) and
 * unpaired UTF-16 surrogates (JSON.stringify writes them as `\ud800`, which `jsonb`
 * refuses). No form of ours ever sends either; a request carrying one anywhere gets a
 * 400 before any handler runs, instead of a failed insert or query.
 */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSTORABLE_TEXT_MESSAGE = 'Text cannot contain NUL characters or broken Unicode';

/** The dotted path of the first string (or object key) that cannot be stored, if any. */
export function findUnstorableText(value: unknown): string | undefined {
  // Iterative: a hostile body may nest thousands of levels deep.
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (UNSTORABLE.test(v)) return path;
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, path: path ? `${path}.${i}` : String(i) }));
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [key, item] of Object.entries(v)) {
        const at = path ? `${path}.${key}` : key;
        if (UNSTORABLE.test(key)) return at;
        stack.push({ value: item, path: at });
      }
    }
  }
  return undefined;
}

/**
 * Refuses unstorable text in the path, the query and a JSON body, in the house
 * validation shape (`{message, errors: [{msg, path}]}`). Register on the root instance
 * before the routes.
 */
export function registerTextInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = findUnstorableText(part);
      if (path !== undefined) {
        return reply
          .status(400)
          .send({ message: UNSTORABLE_TEXT_MESSAGE, errors: [{ msg: UNSTORABLE_TEXT_MESSAGE, path }] });
      }
    }
  });
}
