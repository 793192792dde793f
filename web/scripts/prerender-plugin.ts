import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Plugin, type ResolvedConfig } from 'vite';

/** Where the prerendered pages go inside the build: `/` is pages/index.html, `/about` pages/about.html. */
export const PAGES_DIR = 'pages';
export const pageFileName = (pathname: string) =>
  `${PAGES_DIR}/${pathname === '/' ? 'index' : pathname.replace(/^\//, '').replace(/\//g, '__')}.html`;

interface ServerEntry {
  PRERENDERED_PATHS: readonly string[];
  renderPage(pathname: string): Promise<string>;
}

/**
 * Prerenders the public pages after the client build (issue 19): builds
 * src/entry-server.tsx for Node with the same config (the same CSS module class names),
 * renders each public path with react-dom/static, and writes the page into the built
 * index.html's #root, its <title> into the head. No inline script is added, so the
 * Content-Security-Policy (`script-src 'self'`) holds; main.tsx hydrates the markup.
 * The API serves these files for their paths (services/src/platform/http/web-app.ts).
 */
export function prerenderPublicPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'goldledger:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return; // the server build below runs this plugin too
      const outDir = path.resolve(config.root, config.build.outDir);
      const serverDir = path.resolve(config.root, 'node_modules', '.prerender');
      await build({
        configFile: config.configFile,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        build: {
          ssr: 'src/entry-server.tsx',
          outDir: serverDir,
          emptyOutDir: true,
          rolldownOptions: { output: { entryFileNames: 'entry-server.js' } },
        },
        ssr: { noExternal: ['@goldledger/contracts'] },
      });
      const entry = (await import(
        pathToFileURL(path.join(serverDir, 'entry-server.js')).href
      )) as ServerEntry;
      const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
      await mkdir(path.join(outDir, PAGES_DIR), { recursive: true });
      for (const pathname of entry.PRERENDERED_PATHS) {
        const rendered = await entry.renderPage(pathname);
        // React writes a page's <title> where the page renders it; it belongs in the head.
        const titleMatch = /<title>([\s\S]*?)<\/title>/.exec(rendered);
        const body = rendered.replace(/<title>[\s\S]*?<\/title>/g, '');
        let html = template.replace('<div id="root"></div>', `<div id="root">${body}</div>`);
        if (titleMatch) html = html.replace(/<title>[\s\S]*?<\/title>/, `<title>${titleMatch[1]}</title>`);
        if (html === template) throw new Error(`prerendering ${pathname}: index.html has no empty #root`);
        const file = path.join(outDir, pageFileName(pathname));
        await writeFile(file, html);
        await writeFile(`${file}.gz`, gzipSync(html, { level: 9 }));
        await writeFile(
          `${file}.br`,
          brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
      await rm(serverDir, { recursive: true, force: true });
      config.logger.info(`prerendered ${entry.PRERENDERED_PATHS.length} public pages into ${PAGES_DIR}/`);
    },
  };
}
