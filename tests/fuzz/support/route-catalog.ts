import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createTestApi, type TestApi, type TestDatabase } from '@goldledger/services/testing';
import type { JsonSchema } from './json-schema-values.js';

/** Who may call a route (services/src/identity/access.plugin.ts). */
export type Access = 'public' | 'signed-in' | readonly string[];

export const CALLERS = ['anonymous', 'customer', 'employee', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];

/** One registered route, with its input schemas as JSON Schema (the zod schemas' input side). */
export interface CatalogRoute {
  method: string;
  url: string;
  access: Access | undefined;
  body?: JsonSchema;
  querystring?: JsonSchema;
  params?: JsonSchema;
  headers?: JsonSchema;
  /** Registered where a multipart body parser exists (photo uploads). */
  multipart: boolean;
  /** The route's own zod schemas as yes/no checks: which generated inputs are really valid. */
  accepts: Partial<Record<InputPart, (value: unknown) => boolean>>;
}

export type InputPart = 'body' | 'querystring' | 'params';

export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

export const allows = (access: Access | undefined, caller: Caller) =>
  access === undefined ||
  access === 'public' ||
  (caller !== 'anonymous' && (access === 'signed-in' || access.includes(caller)));

interface ZodLike {
  toJSONSchema(params: { io: 'input'; unrepresentable: 'any' }): JsonSchema;
  safeParse(value: unknown): { success: boolean };
}

function acceptor(schema: unknown): ((value: unknown) => boolean) | undefined {
  const zod = schema as Partial<ZodLike> | undefined;
  if (typeof zod?.safeParse !== 'function') return undefined;
  return (value) => {
    try {
      return zod.safeParse!(value).success;
    } catch {
      return false;
    }
  };
}

function asJsonSchema(schema: unknown): JsonSchema | undefined {
  if (schema === undefined || schema === null) return undefined;
  const zod = schema as Partial<ZodLike>;
  if (typeof zod.toJSONSchema === 'function') {
    return zod.toJSONSchema({ io: 'input', unrepresentable: 'any' });
  }
  return schema as JsonSchema;
}

/**
 * The real API on a test database, and every route it registered. Fastify announces
 * each new instance on the `fastify.initialization` diagnostics channel before any
 * route exists, so an `onRoute` hook added there sees them all, /health included,
 * without the app knowing it is being watched.
 */
export async function createCatalogedApi(t: TestDatabase): Promise<{ api: TestApi; routes: CatalogRoute[] }> {
  const routes: CatalogRoute[] = [];
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', function (this: FastifyInstance, route: RouteOptions) {
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      for (const method of [route.method].flat()) {
        // HEAD routes are Fastify's automatic twins of the GETs.
        if (method === 'HEAD') continue;
        routes.push({
          method,
          url: route.url,
          access: (route.config as { access?: Access } | undefined)?.access,
          body: asJsonSchema(schema.body),
          querystring: asJsonSchema(schema.querystring),
          params: asJsonSchema(schema.params),
          headers: asJsonSchema(schema.headers),
          multipart: this.hasContentTypeParser('multipart/form-data'),
          accepts: {
            body: acceptor(schema.body),
            querystring: acceptor(schema.querystring),
            params: acceptor(schema.params),
          },
        });
      }
    });
  };
  subscribe('fastify.initialization', onInit);
  try {
    const api = await createTestApi(t);
    return { api, routes };
  } finally {
    unsubscribe('fastify.initialization', onInit);
  }
}
