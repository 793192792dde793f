import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BANK_RECEIPT_PHOTO_INDEX,
  DeletePhotoResponse,
  ErrorResponse,
  GoldItemPhotosParams,
  LoanIdParams,
  PhotoListResponse,
  PhotoParams,
  UploadPhotosFields,
  UploadPhotosResponse,
  type PhotoView,
  type Role,
} from '@goldledger/contracts';
import { sessionOf, STAFF } from '../identity/access.plugin.js';
import { metadataOf } from '../platform/http/metadata.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../platform/text-input.js';
import type { SliceDeps } from '../slice-deps.js';
import { BlobStoreFullError } from './blob-store.js';
import { EXTENSIONS, inspectImage, slipKeyOf } from './images.js';
import { loanForCaller } from './loan-access.js';
import { executePhotoCommand, loadLoanPhotos } from './photo-commands.js';
import { decidePhotos, PHOTO_POLICY, type NewPhoto, type PhotoCommand } from './photo.decider.js';
import type { PhotoRecord } from './photo.state.js';

/** The largest file accepted is config PHOTO_MAX_BYTES. */
export type PhotoRouteDeps = Pick<SliceDeps, 'store' | 'clock' | 'db' | 'blobs' | 'config'>;

const VIEWERS = ['admin', 'employee', 'auditor', 'customer'] as const;

/**
 * Bank fields and the bank receipt are admins' (and auditors', who read what admins read):
 * to anyone else the receipt photo is not there.
 */
export const visibleTo = (role: Role) => (p: PhotoRecord) =>
  role === 'admin' || role === 'auditor' || p.goldItemIndex !== BANK_RECEIPT_PHOTO_INDEX;

export const formatBytes = (bytes: number) => {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
};

const photoNotFound = () => new DomainError('Photo not found', 'photo_not_found', 404);

export const STORAGE_FULL_MESSAGE =
  'Photo storage is full, so these photos were not saved. Ask an administrator to free up space, then upload them again.';

/** The device's file name, for display: no folders, no control characters, not too long. */
function cleanName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 200) || fallback;
}

export function photoView(loanUuid: string, loanId: string, p: PhotoRecord): PhotoView {
  const base = `/api/loans/${loanUuid}/photos/${p.photoId}`;
  return {
    _id: p.photoId,
    loanId,
    goldItemIndex: p.goldItemIndex,
    itemIndex: p.goldItemIndex,
    description: p.description,
    originalName: p.originalName,
    filename: `${p.photoId}.${EXTENSIONS[p.contentType]}`,
    contentType: p.contentType,
    size: p.size,
    width: p.width,
    height: p.height,
    uploadedAt: p.uploadedAt,
    uploadedBy: { name: p.uploadedBy.name },
    imageUrl: `${base}/image`,
    thumbnailUrl: `${base}/thumbnail`,
  };
}

interface UploadedFile {
  originalName: string | undefined;
  bytes: Buffer;
}

/**
 * Reads the whole multipart body into memory, within the limits. Nothing is stored
 * until every file has been read and checked, so a refusal leaves no trace.
 */
async function readUpload(request: FastifyRequest, maxBytes: number) {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        files.push({ originalName: part.filename, bytes: await part.toBuffer() });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    switch ((error as { code?: string }).code) {
      case 'FST_REQ_FILE_TOO_LARGE':
        throw new DomainError(`Each photo must be at most ${formatBytes(maxBytes)}`, 'photo_too_large', 413, {
          maxBytes,
        });
      case 'FST_FILES_LIMIT':
        throw new DomainError(
          `At most ${PHOTO_POLICY.maxPerGoldItem} photos can be uploaded at once`,
          'too_many_photos',
        );
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
      case 'FST_PROTO_VIOLATION':
        throw new DomainError('The upload has unexpected form fields', 'invalid_upload');
      default:
        // Everything above only reads the client's bytes: whatever else the multipart
        // parser throws (no boundary, a malformed part, a truncated body) is a broken upload.
        throw new DomainError(
          'The upload could not be read: send the photos as a multipart form',
          'unreadable_upload',
        );
    }
  }
  const unstorable = findUnstorableText(fields);
  if (unstorable !== undefined) {
    throw new DomainError(UNSTORABLE_TEXT_MESSAGE, 'invalid_upload', 400, {
      errors: [{ msg: UNSTORABLE_TEXT_MESSAGE, path: unstorable }],
    });
  }
  return { fields, files };
}

export function registerPhotoRoutes(app: App, deps: PhotoRouteDeps): void {
  const { blobs } = deps;
  const access = { store: deps.store, db: deps.db };

  /** The caller's view of a loan's photos, with the loan (404 when they may not see it). */
  async function photosFor(request: FastifyRequest, loanUuid: string) {
    const session = sessionOf(request);
    const [{ state: loan }, photos] = await Promise.all([
      loanForCaller(access, session, loanUuid),
      loadLoanPhotos(deps.store, loanUuid),
    ]);
    return { loan, photos: photos.photos.filter(visibleTo(session.role)) };
  }

  async function listed(request: FastifyRequest, loanUuid: string, index?: number) {
    const { loan, photos } = await photosFor(request, loanUuid);
    const chosen = index === undefined ? photos : photos.filter((p) => p.goldItemIndex === index);
    return { success: true as const, data: chosen.map((p) => photoView(loanUuid, loan.loanId, p)) };
  }

  // Multipart parsing only where photos are uploaded: every other route keeps refusing it.
  app.register(async (instance) => {
    const scope = instance.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, {
      limits: {
        fileSize: deps.config.PHOTO_MAX_BYTES,
        files: PHOTO_POLICY.maxPerGoldItem,
        fields: 10,
        fieldSize: 2000,
        parts: 20,
      },
    });

    scope.post(
      '/api/loans/:id/photos',
      {
        config: { access: [...STAFF] },
        schema: {
          params: LoanIdParams,
          response: { 201: UploadPhotosResponse, 400: ErrorResponse, 404: ErrorResponse, 507: ErrorResponse },
        },
      },
      async (request, reply) => {
        const loanUuid = request.params.id;
        const session = sessionOf(request);
        const { state: loan } = await loanForCaller(access, session, loanUuid);
        if (!request.isMultipart()) throw new DomainError('No photos to upload', 'no_photos');
        const { fields, files } = await readUpload(request, deps.config.PHOTO_MAX_BYTES);
        const parsed = UploadPhotosFields.safeParse(fields);
        if (!parsed.success) {
          const errors = parsed.error.issues.map((i) => ({ msg: i.message, path: i.path.join('.') }));
          throw new DomainError(errors[0]!.msg, 'invalid_upload', 400, { errors });
        }
        const photos: Array<NewPhoto & { thumbnail: Buffer; bytes: Buffer }> = [];
        for (const file of files) {
          const image = await inspectImage(file.bytes, {
            maxPixels: deps.config.PHOTO_MAX_MEGAPIXELS * 1_000_000,
            name: cleanName(file.originalName, 'this photo'),
          });
          const photoId = randomUUID();
          const ext = EXTENSIONS[image.contentType];
          photos.push({
            photoId,
            originalName: cleanName(file.originalName, `photo.${ext}`),
            blobKey: `loan-photos/${loanUuid}/${photoId}.${ext}`,
            thumbnailKey: `loan-photos/${loanUuid}/${photoId}.thumb.jpg`,
            contentType: image.contentType,
            size: file.bytes.length,
            width: image.width,
            height: image.height,
            thumbnail: image.thumbnail,
            bytes: file.bytes,
          });
        }
        const command: PhotoCommand = {
          type: 'UploadPhotos',
          loan: { exists: true, goldItemCount: loan.goldItems.length },
          goldItemIndex: parsed.data.goldItemIndex,
          description: parsed.data.description ?? '',
          photos: photos.map(({ thumbnail: _t, bytes: _b, ...photo }) => photo),
          uploadedBy: { id: session.userId, name: session.name, role: session.role },
        };
        // Refuse before writing any bytes; the append below decides again on the latest state.
        decidePhotos(command, await loadLoanPhotos(deps.store, loanUuid));
        const keys = photos.flatMap((p) => [p.blobKey, p.thumbnailKey]);
        let result;
        try {
          for (const p of photos) {
            await blobs.put(p.blobKey, p.bytes, p.contentType);
            await blobs.put(p.thumbnailKey, p.thumbnail, 'image/jpeg');
          }
          result = await executePhotoCommand(deps, loanUuid, command, metadataOf(request));
        } catch (error) {
          // An upload that lost the race for the last slot (or a failed write) leaves no files behind.
          await Promise.allSettled(keys.map((k) => blobs.delete(k)));
          if (error instanceof BlobStoreFullError) {
            // Nothing was recorded: the loan is as it was, and the same upload works once there is room.
            request.log.error({ err: error, loanUuid }, 'photo storage is full; upload refused');
            return reply.status(507).send({ message: STORAGE_FULL_MESSAGE });
          }
          throw error;
        }
        const added = new Set(photos.map((p) => p.photoId));
        const data = result.state.photos
          .filter((p) => added.has(p.photoId))
          .map((p) => photoView(loanUuid, loan.loanId, p));
        return reply.status(201).send({
          success: true,
          message: `${data.length} photo(s) uploaded`,
          data,
        });
      },
    );
  });

  app.get(
    '/api/loans/:id/photos',
    {
      config: { access: [...VIEWERS] },
      schema: { params: LoanIdParams, response: { 200: PhotoListResponse, 404: ErrorResponse } },
    },
    async (request) => listed(request, request.params.id),
  );

  // The slip's photo fetch. Signed-in only despite the name: see docs/decisions.md.
  app.get(
    '/api/loans/:id/photos/public',
    {
      config: { access: [...VIEWERS] },
      schema: { params: LoanIdParams, response: { 200: PhotoListResponse, 404: ErrorResponse } },
    },
    async (request) => listed(request, request.params.id),
  );

  app.get(
    '/api/loans/:id/gold-items/:index/photos',
    {
      config: { access: [...VIEWERS] },
      schema: { params: GoldItemPhotosParams, response: { 200: PhotoListResponse, 404: ErrorResponse } },
    },
    async (request) => listed(request, request.params.id, request.params.index),
  );

  for (const variant of ['image', 'thumbnail'] as const) {
    app.get(
      `/api/loans/:id/photos/:photoId/${variant}`,
      { config: { access: [...VIEWERS] }, schema: { params: PhotoParams } },
      async (request, reply) => {
        const { photos } = await photosFor(request, request.params.id);
        const photo = photos.find((p) => p.photoId === request.params.photoId);
        if (!photo) throw photoNotFound();
        const bytes = await blobs.get(variant === 'image' ? photo.blobKey : photo.thumbnailKey);
        if (!bytes) throw photoNotFound();
        const name =
          variant === 'image'
            ? photo.originalName
            : photo.originalName.replace(/\.[^.]*$/, '') + '-thumb.jpg';
        return (
          reply
            .header('content-type', variant === 'image' ? photo.contentType : 'image/jpeg')
            .header('content-length', bytes.length)
            // A photo id never gets other bytes: cache it for long, but only in the caller's own browser.
            .header('cache-control', 'private, max-age=31536000, immutable')
            .header('x-content-type-options', 'nosniff')
            .header(
              'content-disposition',
              `inline; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
            )
            .send(bytes)
        );
      },
    );
  }

  app.delete(
    '/api/loans/:id/photos/:photoId',
    {
      config: { access: [...STAFF] },
      schema: { params: PhotoParams, response: { 200: DeletePhotoResponse, 404: ErrorResponse } },
    },
    async (request) => {
      const { id: loanUuid, photoId } = request.params;
      const session = sessionOf(request);
      await loanForCaller(access, session, loanUuid);
      const before = await loadLoanPhotos(deps.store, loanUuid);
      await executePhotoCommand(
        deps,
        loanUuid,
        { type: 'DeletePhoto', photoId, by: { role: session.role } },
        metadataOf(request),
      );
      const photo = before.photos.find((p) => p.photoId === photoId);
      if (photo) {
        // The event is the record; the bytes go with it. A failed removal leaves a stray file, not a wrong answer.
        await Promise.allSettled(
          [photo.blobKey, photo.thumbnailKey, slipKeyOf(photo)].map((key) => blobs.delete(key)),
        ).then((r) =>
          r
            .filter((x) => x.status === 'rejected')
            .forEach((x) => request.log.warn({ err: x.reason, photoId }, 'photo file not removed')),
        );
      }
      return { success: true as const, message: 'Photo deleted successfully' };
    },
  );
}
