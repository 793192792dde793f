/** What careless and hostile clients send. Each list is small on purpose: every entry costs a request per field. */

/** A JSON number written as text: values JSON.stringify cannot produce (1e400 parses to Infinity). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text with RawJson values spliced in verbatim. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0001raw${raws.length - 1}\u0001`;
    }
    return v;
  });
  if (text === undefined) return 'null';
  return raws.reduce((out, raw, i) => out.replace(`"\\u0001raw${i}\\u0001"`, raw), text);
}

export const KB100 = 'a'.repeat(100 * 1024);
/** Over Fastify's 1 MiB body limit by itself. */
export const MB1 = 'b'.repeat(1024 * 1024);

/** Strings every string field gets (the ones most likely to break storage or rendering). */
export const SHARP_STRINGS = ['', 'x\u0000y', '\ud800', KB100, '💰🪙👩‍👩‍👧‍👦 தமிழ் e\u0301\u200b\u202e'];

/** Further strings, drawn at random. */
export const MORE_STRINGS = [
  "' or 1=1--",
  ' ',
  '\t\r\n',
  '\u0000',
  'a\udfffb',
  '\ufeff\uffff\ufffe',
  '💰'.repeat(2000),
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  "'; drop table events;--",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}#{7*7}',
  '%s%n%x%d',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '-0',
  '1e308',
  '0x1F',
  'CUS000001',
  '9'.repeat(400),
];

/** Numbers every number field gets. */
export const SHARP_NUMBERS: unknown[] = [-0, -1, 1.5, 1e300, 1e308, new RawJson('1e400')];

/** Further numbers, drawn at random. */
export const MORE_NUMBERS: unknown[] = [
  5e-324,
  0,
  0.1 + 0.2,
  -1e308,
  2 ** 53 + 2,
  -(2 ** 53 + 2),
  1e21,
  2 ** 31,
  -(2 ** 31) - 1,
  99.999,
  new RawJson('-1e400'),
  new RawJson('123456789012345678901234567890'),
  new RawJson('0.0000000000000000000000000001'),
  new RawJson('-0.0'),
  new RawJson('1E2'),
];

/** Bodies that are not JSON, or JSON of the wrong shape, sent as application/json; every JSON route gets these. */
export const SHARP_MALFORMED_JSON = [
  '{',
  '{"a":1,}',
  "{'a':1}",
  '\u0000',
  '"just a string"',
  'null',
  '[]',
  '{"__proto__":{"isAdmin":true}}',
  '['.repeat(5000) + ']'.repeat(5000),
];

/** Further broken bodies, drawn at random. */
export const MORE_MALFORMED_JSON = [
  '}',
  '{"a":',
  'nul',
  'undefined',
  'NaN',
  '{"a":NaN}',
  '{"a":Infinity}',
  '\ufeff{}',
  '{"a":1}{"b":2}',
  '{"a":"\\uZZZZ"}',
  '{"a":"\\ud800"}',
  '123',
  'true',
  '[{}]',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":'.repeat(2000) + '1' + '}'.repeat(2000),
  ' ',
];

/** Content types a JSON route does not take (or takes oddly); every JSON route gets these. */
export const SHARP_CONTENT_TYPES = [
  'text/plain',
  'multipart/form-data',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
];

export const MORE_CONTENT_TYPES = [
  'text/plain; charset=utf-8',
  'multipart/form-data; boundary=----fuzz',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'json',
  ';;;',
];

/** Path parameter values: [text, already encoded?]. Raw ones may change the route itself. */
export const SHARP_PATH_VALUES: Array<[string, 'raw' | 'encode']> = [
  ['../../etc/passwd', 'raw'],
  ['../../etc/passwd', 'encode'],
  ['%2e%2e%2f%2e%2e%2fetc%2fpasswd', 'raw'],
  ['%00', 'raw'],
  ['%', 'raw'],
  ['x'.repeat(10_000), 'raw'],
  ["' or 1=1--", 'encode'],
  ['not-a-uuid', 'raw'],
  ['', 'raw'],
  ['💰\u0000', 'encode'],
];

export const MORE_PATH_VALUES: Array<[string, 'raw' | 'encode']> = [
  ['..%2F..%2Fetc%2Fpasswd', 'raw'],
  ['%E0%A4%A', 'raw'],
  [' ', 'encode'],
  ['-1', 'raw'],
  ['1e308', 'raw'],
  ['NaN', 'raw'],
  ['00000000-0000-0000-0000-000000000000', 'raw'],
  ['FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF', 'raw'],
  ['{3f2504e0-4f89-41d3-9a0c-0305e82c3301}', 'encode'],
  ['__proto__', 'raw'],
  ['constructor', 'raw'],
  ['CUS000001', 'raw'],
];

/** Query strings for a declared key: repeats, arrays, huge and broken values; every key gets these. */
export const sharpQueries = (key: string): string[] => [
  `${key}=a&${key}=b`,
  `${key}[]=1&${key}[]=2`,
  `${key}=${'q'.repeat(100 * 1024)}`,
  `${key}=%00`,
  `${key}=%E0%A4%A`,
  `${key}=1e308`,
];

export const moreQueries = (key: string): string[] => [
  `${key}=`,
  `${key}=-1`,
  `${key}=1&${key}=2`,
  `${key}[a]=1`,
  `${key}=%`,
  `${key}=1.5`,
  `${key}=NaN`,
  `${key}=Infinity`,
  `${key}=0x10`,
  `${key}=${encodeURIComponent("' or 1=1--")}`,
  `${key}=${encodeURIComponent('💰 தமிழ்')}`,
  `${key}=true`,
];

export const HOSTILE_QUERY_EXTRAS = [
  '__proto__[isAdmin]=1',
  'constructor[prototype][x]=1',
  'unknownKey=1',
  Array.from({ length: 1000 }, (_, i) => `k${i}=${i}`).join('&'),
  '&&&==&=',
];

/** Headers the platform reads itself: read-your-writes positions, request ids, content negotiation. */
export const HOSTILE_HEADERS: Array<Record<string, string>> = [
  { 'x-read-after': '99999999999999999999:99999999999999999999' },
  { 'x-read-after': '1:1' },
  { 'x-read-after': 'garbage' },
  { 'x-read-after': '-1:-1' },
  { 'x-request-id': 'x'.repeat(10_000) },
  { 'x-request-id': '\u00e9\u00ff' },
  { accept: 'application/xml' },
  { 'accept-encoding': 'gzip, br, deflate, zstd' },
];

/** Authentication headers that carry no valid session. */
export const FORGED_AUTH: Array<Record<string, string>> = [
  { 'x-auth-token': 'garbage' },
  { 'x-auth-token': 'a.b.c' },
  { 'x-auth-token': 'x'.repeat(10_000) },
  { authorization: 'Bearer ' },
  { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4Iiwicm9sZSI6ImFkbWluIn0.' },
  { authorization: 'Basic YWRtaW46YWRtaW4=' },
  {
    // Signed with another secret.
    'x-auth-token':
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIwMDAwMDAwMC0wMDAwLTQwMDAtODAwMC0wMDAwMDAwMDAwMDAiLCJyb2xlIjoiYWRtaW4iLCJuYW1lIjoiWCIsImVtYWlsIjpudWxsLCJzdiI6MX0.3Rk9WkYJ2bRxYqQmJ0i8s1mQ2g6b5m8cJk0Zp1o6Vw4',
  },
];

// A 1×1 PNG.
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body, built by hand so it can also be built wrong. */
export function multipartBody(parts: Part[], boundary = '----fuzzboundary', close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.type ? `\r\nContent-Type: ${p.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const png = (name = 'gold.png') => ({ name: 'photos', value: TINY_PNG, filename: name, type: 'image/png' });

/** Upload bodies that are broken in every layer: the envelope, the parts, the fields, the files. */
export const MULTIPART_CASES: Array<{ label: string; contentType: string; payload: Buffer }> = [
  { label: 'no boundary', contentType: 'multipart/form-data', payload: Buffer.from('garbage') },
  { label: 'empty boundary', contentType: 'multipart/form-data; boundary=', payload: Buffer.from('--\r\n') },
  {
    label: 'empty body',
    contentType: 'multipart/form-data; boundary=----fuzzboundary',
    payload: Buffer.alloc(0),
  },
  {
    label: 'garbage body',
    contentType: 'multipart/form-data; boundary=----fuzzboundary',
    payload: Buffer.from('\u0000\u0001 not multipart at all \r\n\r\n--'),
  },
  {
    label: 'unclosed part',
    contentType: 'multipart/form-data; boundary=----fuzzboundary',
    payload: multipartBody([{ name: 'goldItemIndex', value: '0' }], '----fuzzboundary', false),
  },
  {
    label: 'truncated file',
    contentType: 'multipart/form-data; boundary=----fuzzboundary',
    payload: multipartBody([{ name: 'goldItemIndex', value: '0' }, png()]).subarray(0, 150),
  },
  {
    label: 'malformed part header',
    contentType: 'multipart/form-data; boundary=----fuzzboundary',
    payload: Buffer.from('------fuzzboundary\r\nGarbage header\r\n\r\nxx\r\n------fuzzboundary--\r\n'),
  },
  {
    label: 'part without a name',
    contentType: 'multipart/form-data; boundary=----fuzzboundary',
    payload: Buffer.from(
      '------fuzzboundary\r\nContent-Disposition: form-data\r\n\r\nxx\r\n------fuzzboundary--\r\n',
    ),
  },
  {
    label: 'other boundary than announced',
    contentType: 'multipart/form-data; boundary=announced',
    payload: multipartBody([{ name: 'goldItemIndex', value: '0' }, png()]),
  },
  {
    label: 'fields only, no file',
    contentType: 'multipart/form-data; boundary=----fuzzboundary',
    payload: multipartBody([{ name: 'goldItemIndex', value: '0' }]),
  },
  {
    label: 'non-numeric item index',
    contentType: 'multipart/form-data; boundary=----fuzzboundary',
    payload: multipartBody([{ name: 'goldItemIndex', value: 'abc' }, png()]),
  },
  {
    label: 'negative and huge item index',
    contentType: 'multipart/form-data; boundary=----fuzzboundary',
    payload: multipartBody([
      { name: 'goldItemIndex', value: '-1' },
      { name: 'goldItemIndex', value: '1e308' },
      png(),
    ]),
  },
  {
    label: 'oversized description field',
    contentType: 'multipart/form-data; boundary=----fuzzboundary',
    payload: multipartBody([
      { name: 'goldItemIndex', value: '0' },
      { name: 'description', value: KB100 },
      png(),
    ]),
  },
  {
    label: 'NUL and emoji in fields and file name',
    contentType: 'multipart/form-data; boundary=----fuzzboundary',
    payload: multipartBody([
      { name: 'goldItemIndex', value: '0' },
      { name: 'description', value: 'x\u0000y 💰' },
      png('..\\..\\💰\u0000.png'),
    ]),
  },
  {
    label: 'path traversal in the file name',
    contentType: 'multipart/form-data; boundary=----fuzzboundary',
    payload: multipartBody([{ name: 'goldItemIndex', value: '0' }, png('../../../../etc/passwd')]),
  },
  {
    label: 'text file posing as a photo',
    contentType: 'multipart/form-data; boundary=----fuzzboundary',
    payload: multipartBody([
      { name: 'goldItemIndex', value: '0' },
      { name: 'photos', value: 'not an image', filename: 'x.png', type: 'image/png' },
    ]),
  },
  {
    label: 'PNG signature and nothing else',
    contentType: 'multipart/form-data; boundary=----fuzzboundary',
    payload: multipartBody([
      { name: 'goldItemIndex', value: '0' },
      { ...png(), value: TINY_PNG.subarray(0, 16) },
    ]),
  },
  {
    label: 'empty file',
    contentType: 'multipart/form-data; boundary=----fuzzboundary',
    payload: multipartBody([
      { name: 'goldItemIndex', value: '0' },
      { ...png(), value: Buffer.alloc(0) },
    ]),
  },
  {
    label: 'too many files',
    contentType: 'multipart/form-data; boundary=----fuzzboundary',
    payload: multipartBody([
      { name: 'goldItemIndex', value: '0' },
      ...Array.from({ length: 12 }, () => png()),
    ]),
  },
  {
    label: 'too many fields',
    contentType: 'multipart/form-data; boundary=----fuzzboundary',
    payload: multipartBody(Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, value: String(i) }))),
  },
  {
    label: 'prototype-polluting field names',
    contentType: 'multipart/form-data; boundary=----fuzzboundary',
    payload: multipartBody([
      { name: '__proto__', value: '{"isAdmin":true}' },
      { name: 'constructor', value: 'x' },
      { name: 'goldItemIndex', value: '0' },
      png(),
    ]),
  },
  {
    label: 'a 1x1 PNG for item 0',
    contentType: 'multipart/form-data; boundary=----fuzzboundary',
    payload: multipartBody([{ name: 'goldItemIndex', value: '0' }, png()]),
  },
];
