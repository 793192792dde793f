import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import type { App } from './app.js';

/** `npm run build` writes the web app here (web/vite.config.ts). */
export const WEB_DIST_DIR = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

/**
 * The page names the current hashed files: always ask whether it changed. Its
 * Content-Security-Policy and other security headers come with every response
 * (security.ts).
 */
function pageHeaders(reply: FastifyReply): void {
  reply.header('cache-control', 'no-cache');
}

/**
 * The built web app on the API's own origin: hashed files under /assets cached for a
 * year, and index.html for every other GET that is not an API call or a file, so the
 * browser's router takes over (/login, /admin/loans…). Nothing is served when the
 * folder has not been built; the API works as before.
 */
export async function registerWebApp(app: App, root: string = WEB_DIST_DIR): Promise<boolean> {
  if (!existsSync(path.join(root, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    // One route per built file, listed at start; the catch-all below is ours.
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text file.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply: FastifyReply, filePath: string) {
      // A page sent precompressed is `….html.br` or `….html.gz`: still the page.
      if (/\.html(\.br|\.gz)?$/.test(filePath)) pageHeaders(reply);
      else if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      } else reply.header('cache-control', 'public, max-age=3600');
    },
  });
  // Public pages prerendered at build (web/scripts/prerender-plugin.ts): their HTML has
  // the content before any script runs; every other path gets the empty shell.
  const prerendered = new Set(
    existsSync(path.join(root, 'pages'))
      ? readdirSync(path.join(root, 'pages')).filter((name) => name.endsWith('.html'))
      : [],
  );
  const page = (pathname: string, reply: FastifyReply) => {
    const name = `${pathname === '/' ? 'index' : pathname.replace(/^\/+|\/+$/g, '').replace(/\//g, '__')}.html`;
    return reply.sendFile(prerendered.has(name) ? `pages/${name}` : 'index.html');
  };
  app.get('/', (_request, reply) => page('/', reply));
  app.get('/*', (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // Unknown API paths and missing files keep the API's JSON 404.
    if (pathname === '/api' || pathname.startsWith('/api/') || /\.[A-Za-z0-9]+$/.test(pathname)) {
      return reply.callNotFound();
    }
    return page(pathname, reply);
  });
  return true;
}
