import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';

/** Where the prerendered pages go inside the build: `/` is pages/index.html, `/about` pages/about.html. */
export const PAGES_DIR = 'pages';
export const pageFileName = (pathname: string) =>
  `${PAGES_DIR}/${pathname === '/' ? 'index' : pathname.replace(/^\//, '').replace(/\//g, '__')}.html`;

/** The route module a prerendered path renders: `/` is home.tsx, `/about` about.tsx. */
const routeModule = (pathname: string) =>
  `src/app/routes/public/${pathname === '/' ? 'home' : pathname.replace(/^\//, '')}.tsx`;

/**
 * The stylesheets and scripts of a route's chunk and of every chunk it imports statically:
 * linked in the prerendered page's head, so the page paints styled and nothing moves when
 * its code arrives (without them, `/` painted in one column and jumped into its grid: a
 * layout shift of 0.17 on Lighthouse's phone, 0.55 at a desk).
 */
function routeAssets(bundle: Rollup.OutputBundle, moduleFile: string): { css: string[]; js: string[] } {
  const chunks = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
  const root = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(moduleFile));
  if (!root) throw new Error(`prerendering: no chunk for ${moduleFile}`);
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (js.has(chunk.fileName)) return;
    js.add(chunk.fileName);
    for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(root);
  return { css: [...css], js: [...js] };
}

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
  let clientBundle: Rollup.OutputBundle | undefined;
  return {
    name: 'goldledger:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(_options, bundle) {
      if (!config.build.ssr) clientBundle = bundle;
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
        if (!clientBundle) throw new Error('prerendering: the client bundle was not seen');
        const assets = routeAssets(clientBundle, routeModule(pathname));
        const links = [
          ...assets.css.map((file) => `<link rel="stylesheet" crossorigin href="${config.base}${file}">`),
          ...assets.js.map((file) => `<link rel="modulepreload" crossorigin href="${config.base}${file}">`),
        ].filter((link) => !template.includes(link.replace(/^.*href="([^"]+)".*$/, '$1')));
        html = html.replace('</head>', `${links.join('\n')}\n</head>`);
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
