import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../platform/config.js';

/**
 * Where file bytes live. Events hold only keys;
 * the filesystem adapter below is the default, an S3-compatible one slots in for a
 * deployment with several API replicas (docs/decisions.md).
 */
export interface BlobStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** The store has no room (disk or quota full): nothing was stored under the key. */
export class BlobStoreFullError extends Error {
  constructor(
    readonly key: string,
    options: { cause: unknown },
  ) {
    super(`No space left to store ${key}`, options);
    this.name = 'BlobStoreFullError';
  }
}

/** Errors meaning "the disk is full": no space, quota exceeded, file-size limit. */
const FULL = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/** Keys are ours (uuids and fixed words), never a user's file name: anything else is a bug. */
const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

export function assertBlobKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Not a blob key: ${JSON.stringify(key)}`);
  }
}

/** One file per key under a root folder. Writes go to a temporary name first, so a reader never sees half a file. */
export class FileSystemBlobStore implements BlobStore {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    assertBlobKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    const file = this.pathOf(key);
    const partial = `${file}.${randomUUID()}.partial`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(partial, bytes);
      await rename(partial, file);
    } catch (error) {
      // A write cut short by a full disk leaves part of a file: never keep it.
      await rm(partial, { force: true }).catch(() => undefined);
      if (FULL.has((error as NodeJS.ErrnoException).code ?? ''))
        throw new BlobStoreFullError(key, { cause: error });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

/** Where photo bytes live: `BLOB_DIR`, or `blobs` under `DATA_DIR`. */
export const blobDirOf = (config: Pick<Config, 'DATA_DIR' | 'BLOB_DIR'>): string =>
  config.BLOB_DIR ?? path.join(config.DATA_DIR, 'blobs');

/** The configured store (see blobDirOf). */
export const blobStoreFor = (config: Pick<Config, 'DATA_DIR' | 'BLOB_DIR'>): BlobStore =>
  new FileSystemBlobStore(blobDirOf(config));
