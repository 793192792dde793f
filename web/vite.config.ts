import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { aboutVideo, aboutVideoFiles, isAboutVideoAsset } from './scripts/about-video-plugin';
import { prerenderPublicPages } from './scripts/prerender-plugin';
import { parseEnv } from './src/config/env-schema';

// The dev server forwards /api to the API of `npm start`, which listens on PORT (default 3000).
const apiPort = process.env.PORT ?? '3000';

/** Writes .br and .gz beside each built text file; the API serves them (services/…/web-app.ts). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'goldledger:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.ssr ? '' : path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      if (!outDir) return; // the prerender's server build is not served
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const data = await readFile(file);
        await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
        await writeFile(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

const webRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ mode }) => {
  // /about's company video, chosen at build (ABOUT_VIDEO_FILE, _POSTER, _CAPTIONS; about-video-plugin.ts).
  const video = aboutVideoFiles(loadEnv(mode, webRoot, 'ABOUT_VIDEO_'));
  return {
    plugins: [react(), precompress(), prerenderPublicPages(), aboutVideo(video)],
    // The VITE_* settings, checked here (a bad value stops the build) and written into the
    // bundle parsed: the browser needs no schema library for them (src/config/env.ts).
    define: {
      __GOLDLEDGER_ENV__: JSON.stringify(parseEnv(loadEnv(mode, webRoot, 'VITE_'))),
    },
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    server: {
      port: 5173,
      proxy: { '/api': { target: `http://127.0.0.1:${apiPort}` } },
    },
    build: {
      target: 'es2022',
      outDir: 'dist',
      assetsDir: 'assets',
      // The video, its poster and captions are always files of their own, whatever their size.
      assetsInlineLimit: (filePath: string) => (isAboutVideoAsset(video, filePath) ? false : undefined),
      rolldownOptions: {
        output: {
          // Libraries in chunks of their own: named for bundle reports, and cached across app releases.
          advancedChunks: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
              {
                name: 'router',
                test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
              },
              { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
              { name: 'swr', test: /node_modules[\\/](swr|dequal|use-sync-external-store)[\\/]/ },
              // The vault audit's camera reader where the browser has no BarcodeDetector; loaded on demand.
              { name: 'zxing', test: /node_modules[\\/](@zxing|ts-custom-error)[\\/]/ },
            ],
          },
        },
      },
    },
  };
});
