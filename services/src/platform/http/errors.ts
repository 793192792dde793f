import type { FastifyError } from 'fastify';
import type { App } from './app.js';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ConcurrencyError } from '../event-store/event-store.js';
import { DomainError } from '../decider.js';

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`
    : `${Math.round(bytes / 1024)} KB`;

/**
 * Bodies over a limit: the JSON body limit (BODY_LIMIT_BYTES) and the multipart limits of
 * any route that takes uploads without mapping them itself (the photo route says more).
 */
const TOO_LARGE: Record<string, (bodyLimit: number) => string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: (limit) => `The request is too large: at most ${size(limit)} can be sent`,
  FST_REQ_FILE_TOO_LARGE: () => 'The file is too large',
  FST_FILES_LIMIT: () => 'Too many files in one upload',
  FST_PARTS_LIMIT: () => 'Too many parts in one upload',
  FST_FIELDS_LIMIT: () => 'Too many form fields in one upload',
};

/** The one place errors become HTTP answers. 5xx never show internals. */
export function registerErrorHandler(app: App, limits: { bodyLimit: number }): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const tooLarge = TOO_LARGE[error.code];
    if (tooLarge) {
      return reply.status(413).send({ message: tooLarge(limits.bodyLimit), code: 'payload_too_large' });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        msg: v.message ?? 'Invalid value',
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      }));
      return reply.status(400).send({ message: errors[0]?.msg ?? 'Invalid request', errors });
    }
    if (error instanceof DomainError) {
      return reply.status(error.status).send({ ...error.details, message: error.message, code: error.code });
    }
    if (error instanceof ConcurrencyError) {
      return reply
        .status(409)
        .send({ message: 'This record was changed by someone else. Reload and try again.' });
    }
    // A read model that a projector has not created yet (first start, or a fresh
    // rebuild target): the data is coming, nothing is broken.
    if ((error as { code?: string }).code === '42P01') {
      return reply
        .status(503)
        .send({ message: 'This information is being prepared. Please try again in a moment.' });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Rate limiting answers how long to wait, like the OTP cooldown does.
      const timeLeft = (error as { timeLeft?: unknown }).timeLeft;
      return reply
        .status(status)
        .send(
          typeof timeLeft === 'number' ? { message: error.message, timeLeft } : { message: error.message },
        );
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` }),
  );
}
