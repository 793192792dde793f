import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { findUnstorableText, registerTextInputGuard, UNSTORABLE_TEXT_MESSAGE } from './text-input.js';

describe('text PostgreSQL cannot hold', () => {
  it.each([
    ['a NUL in a field', { name: 'x\u0000y' }, 'name'],
    [
      'a NUL deep in an array',
      { goldItems: [{ description: 'ok' }, { description: '\u0000' }] },
      'goldItems.1.description',
    ],
    ['a lone high surrogate', { note: 'a\ud800' }, 'note'],
    ['a lone low surrogate', { note: '\udc00b' }, 'note'],
    ['a NUL in a key', { ['k\u0000']: 1 }, 'k\u0000'],
    ['a NUL as the whole value', 'x\u0000', ''],
  ])('is found: %s', (_, value, path) => {
    expect(findUnstorableText(value)).toBe(path);
  });

  it('is not found in ordinary text, emoji and Indian scripts included', () => {
    expect(
      findUnstorableText({ name: 'மீனா 💰 e\u0301', items: [1, null, true, { a: 'नमस्ते\t\n' }] }),
    ).toBeUndefined();
  });

  it('is found however deep a hostile body nests', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toMatch(/^(0\.)+0$/);
  });
});

describe('a request carrying unstorable text', () => {
  const app = Fastify();
  registerTextInputGuard(app);
  const seen: unknown[] = [];
  app.post('/echo/:id', async (request) => {
    seen.push(request.body);
    return { ok: true };
  });

  it.each([
    ['the body', '/echo/1', { name: 'x\u0000y' }, 'name'],
    ['the query', '/echo/1?search=%00', { name: 'ok' }, 'search'],
    ['the path', '/echo/%00', { name: 'ok' }, 'id'],
  ])('is refused with a 400 and a message when it is in %s', async (_, url, payload, path) => {
    const res = await app.inject({ method: 'POST', url, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: UNSTORABLE_TEXT_MESSAGE,
      errors: [{ msg: UNSTORABLE_TEXT_MESSAGE, path }],
    });
    expect(seen).toEqual([]);
  });

  it('reaches the handler when the text is clean', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo/1?search=gold', payload: { name: 'மீனா' } });
    expect(res.statusCode).toBe(200);
    expect(seen).toEqual([{ name: 'மீனா' }]);
  });
});
