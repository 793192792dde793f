import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { z } from 'zod';

/** The module the /about page imports: the video's address, type, poster and captions, all on our origin. */
export const ABOUT_VIDEO_MODULE = 'virtual:about-video';
const RESOLVED = `\0${ABOUT_VIDEO_MODULE}`;

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The demo's own clip, made from the site's artwork by make-demo-video.sh (committed). */
const DEMO_DIR = fileURLToPath(new URL('../src/features/public-site/media/', import.meta.url));
const DEMO = {
  ABOUT_VIDEO_FILE: path.join(DEMO_DIR, 'about-demo.mp4'),
  ABOUT_VIDEO_POSTER: path.join(DEMO_DIR, 'about-demo-poster.jpg'),
} as const;

const VIDEO_TYPES: Record<string, string> = { '.mp4': 'video/mp4', '.webm': 'video/webm' };
const POSTER_TYPES = ['.jpg', '.jpeg', '.png', '.webp', '.avif'];

/** A path from the environment: absolute, or relative to the repository's root; the file must exist. */
const file = (kinds: readonly string[], what: string) =>
  z
    .string()
    .trim()
    .min(1)
    .transform((value) => path.resolve(REPO_ROOT, value))
    .refine((p) => kinds.includes(path.extname(p).toLowerCase()), `must be ${what} (${kinds.join(', ')})`)
    .refine(
      (p) => existsSync(p) && statSync(p).isFile(),
      'names no file (absolute, or relative to the repository)',
    );

const Settings = z
  .object({
    ABOUT_VIDEO_FILE: file(Object.keys(VIDEO_TYPES), 'a video').optional(),
    ABOUT_VIDEO_POSTER: file(POSTER_TYPES, 'an image').optional(),
    ABOUT_VIDEO_CAPTIONS: file(['.vtt'], 'WebVTT captions').optional(),
  })
  // The demo's poster would show the wrong company over a lender's own video.
  .refine((s) => !s.ABOUT_VIDEO_FILE || s.ABOUT_VIDEO_POSTER, {
    path: ['ABOUT_VIDEO_POSTER'],
    message: 'is required with ABOUT_VIDEO_FILE (an image of the video, shown before it plays)',
  })
  .refine((s) => s.ABOUT_VIDEO_FILE || !s.ABOUT_VIDEO_POSTER, {
    path: ['ABOUT_VIDEO_POSTER'],
    message: 'belongs to a video: set ABOUT_VIDEO_FILE too',
  })
  .refine((s) => s.ABOUT_VIDEO_FILE || !s.ABOUT_VIDEO_CAPTIONS, {
    path: ['ABOUT_VIDEO_CAPTIONS'],
    message: 'belongs to a video: set ABOUT_VIDEO_FILE too',
  });

export interface AboutVideoFiles {
  video: string;
  type: string;
  poster: string;
  captions: string | undefined;
}

/** The files the build bundles: the lender's when ABOUT_VIDEO_FILE is set, else the demo's; a bad setting throws a list. */
export function aboutVideoFiles(env: Record<string, string | undefined>): AboutVideoFiles {
  const blank = (v: string | undefined) => (v?.trim() ? v : undefined);
  const parsed = Settings.safeParse({
    ABOUT_VIDEO_FILE: blank(env.ABOUT_VIDEO_FILE),
    ABOUT_VIDEO_POSTER: blank(env.ABOUT_VIDEO_POSTER),
    ABOUT_VIDEO_CAPTIONS: blank(env.ABOUT_VIDEO_CAPTIONS),
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${i.path.join('.')} ${i.message}`);
    throw new Error(`Invalid /about video settings:\n${problems.join('\n')}`);
  }
  const s = parsed.data;
  const video = s.ABOUT_VIDEO_FILE ?? DEMO.ABOUT_VIDEO_FILE;
  return {
    video,
    type: VIDEO_TYPES[path.extname(video).toLowerCase()]!,
    poster: s.ABOUT_VIDEO_POSTER ?? DEMO.ABOUT_VIDEO_POSTER,
    captions: s.ABOUT_VIDEO_CAPTIONS,
  };
}

/** Media files are always files of their own under /assets, never inlined as data: URLs (CSP, caching). */
export const isAboutVideoAsset = (files: AboutVideoFiles, filePath: string): boolean =>
  [files.video, files.poster, files.captions].includes(path.resolve(filePath.split('?')[0]!));

/**
 * `virtual:about-video` for /about: the company video chosen at build, bundled by Vite as
 * hashed files under /assets and served from our own origin like the scripts (never a
 * third-party player). The module imports the files, so the dev server serves them too.
 */
export function aboutVideo(files: AboutVideoFiles): Plugin {
  return {
    name: 'goldledger:about-video',
    resolveId(id) {
      return id === ABOUT_VIDEO_MODULE ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      const url = (p: string) => JSON.stringify(`${p.split(path.sep).join('/')}?url`);
      return [
        `import src from ${url(files.video)};`,
        `import poster from ${url(files.poster)};`,
        files.captions ? `import captions from ${url(files.captions)};` : 'const captions = undefined;',
        `export default { src, type: ${JSON.stringify(files.type)}, poster, captions };`,
      ].join('\n');
    },
  };
}
