// An operation is a plain value: method, path, request schemas and declared responses. Each API
// exports a map of them keyed by operationId; the generator registers them with zod-to-openapi,
// and the server and tests derive their types from the same values.
import type { OpenAPIRegistry, ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { z } from './zod.ts';
import { IdempotencyHeaders, idempotencyConflict, replayedHeader } from './idempotency.ts';
import { deprecationHeaderSpecs, type Deprecation } from './deprecation.ts';
import type { ResponseSpec } from './response-spec.ts';

export type HttpMethod = 'get' | 'post' | 'patch' | 'delete';

export type { LinkSpec, ResponseHeader, ResponseSpec } from './response-spec.ts';

export interface RequestSpec {
  params?: z.ZodObject;
  query?: z.ZodObject;
  /**
   * `required: false` (default true) for a body whose fields are all optional: the request may
   * omit it, and handlers then get what the schema makes of `{}` (a test holds the schema to that).
   */
  body?: { schema: z.ZodType; example: unknown; description?: string; required?: boolean };
}

export interface OperationSpec {
  method: HttpMethod;
  /** Path relative to the API's base path, OpenAPI style: `/tickers/{market}`. */
  path: string;
  summary: string;
  description: string;
  tags: readonly string[];
  /** Security requirements; `[]` for a public operation. */
  security: readonly Record<string, readonly string[]>[];
  request?: RequestSpec;
  responses: Record<number, ResponseSpec>;
  /** `x-` extensions written into the operation (decisions, permissions). */
  extensions?: Record<`x-${string}`, unknown>;
  /** Deprecated, with its sunset (contracts/shared/deprecation.ts). */
  deprecated?: Deprecation;
}

export type OperationMap = Record<string, OperationSpec>;

/** Identity helper that keeps the literal types of an operation map (keys are operationIds). */
export const defineOperations = <const T extends OperationMap>(ops: T): T => ops;

export interface WebhookSpec {
  summary: string;
  description: string;
  tags: readonly string[];
  body: { schema: z.ZodType; example: unknown; description?: string };
  responses: Record<number, ResponseSpec>;
  /** Security of the receiver; default `[]`: a webhook carries no API credentials (its body is signed). */
  security?: readonly Record<string, readonly string[]>[];
  extensions?: Record<`x-${string}`, unknown>;
}

function toResponses(responses: Record<number, ResponseSpec>, deprecated?: Deprecation): Record<string, ResponseConfig> {
  const out: Record<string, ResponseConfig> = {};
  for (const [status, spec] of Object.entries(responses)) {
    const headers = deprecated ? { ...spec.headers, ...deprecationHeaderSpecs(deprecated) } : spec.headers;
    out[status] = {
      description: spec.description,
      ...(headers ? { headers: headers as ResponseConfig['headers'] } : {}),
      ...(spec.links ? { links: spec.links } : {}),
      ...(spec.schema
        ? {
            content: {
              'application/json': {
                schema: spec.schema,
                ...(spec.example !== undefined ? { example: spec.example } : {}),
              },
            },
          }
        : {}),
    };
  }
  return out;
}

/** The second media type of every operation body (decisions X-form, M-form, P-form): the same schema. */
export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

/** A request body; with `form`, the form encoding too (operation bodies: the server parses both). */
function toBody(body: RequestSpec['body'], form = false) {
  if (!body) return undefined;
  return {
    required: body.required ?? true,
    ...(body.description ? { description: body.description } : {}),
    content: {
      'application/json': { schema: body.schema, example: body.example },
      ...(form ? { [FORM_MEDIA_TYPE]: { schema: body.schema } } : {}),
    },
  };
}

/** APIs whose POSTs take an Idempotency-Key (contracts/shared/idempotency.ts): the error body of their 409. */
export interface IdempotentPosts {
  errorSchema: z.ZodType;
}

/** Registers every operation of a map as an OpenAPI path item; with `idempotent`, each POST takes an Idempotency-Key. */
export function registerOperations(registry: OpenAPIRegistry, ops: OperationMap, idempotent?: IdempotentPosts): void {
  for (const [operationId, op] of Object.entries(ops)) {
    const body = toBody(op.request?.body, true);
    const keyed = idempotent !== undefined && op.method === 'post';
    const responses = keyed ? withIdempotency(op.responses, idempotent) : op.responses;

    const route: RouteConfig = {
      method: op.method,
      path: op.path,
      operationId,
      summary: op.summary,
      description: op.description,
      tags: [...op.tags],
      security: op.security.map((req) => Object.fromEntries(Object.entries(req).map(([k, v]) => [k, [...v]]))),
      request: {
        ...(op.request?.params ? { params: op.request.params } : {}),
        ...(op.request?.query ? { query: op.request.query } : {}),
        ...(body ? { body } : {}),
        ...(keyed ? { headers: IdempotencyHeaders } : {}),
      },
      responses: toResponses(responses, op.deprecated),
      ...(op.extensions ?? {}),
      ...(op.deprecated ? { deprecated: true, 'x-sunset': op.deprecated.sunset } : {}),
    };
    registry.registerPath(route);
  }
}

/** The operations as documented: with `idempotent`, each POST's responses as withIdempotency makes them. */
export function documentedOperations(ops: OperationMap, idempotent?: IdempotentPosts): OperationMap {
  if (!idempotent) return ops;
  return Object.fromEntries(Object.entries(ops).map(([id, op]) => [id, op.method === 'post' ? { ...op, responses: withIdempotency(op.responses, idempotent) } : op]));
}

/** The replay marker on every 2xx, and the 409 of a key still running. */
function withIdempotency(responses: Record<number, ResponseSpec>, { errorSchema }: IdempotentPosts): Record<number, ResponseSpec> {
  const out: Record<number, ResponseSpec> = {};
  for (const [status, spec] of Object.entries(responses)) {
    out[Number(status)] = Number(status) < 300 ? { ...spec, headers: { ...spec.headers, ...replayedHeader } } : spec;
  }
  out[409] ??= idempotencyConflict(errorSchema);
  return out;
}

/** Registers the webhooks (OpenAPI 3.1 `webhooks` section). */
export function registerWebhooks(registry: OpenAPIRegistry, hooks: Record<string, WebhookSpec>): void {
  for (const [name, hook] of Object.entries(hooks)) {
    registry.registerWebhook({
      method: 'post',
      path: name,
      operationId: name,
      summary: hook.summary,
      description: hook.description,
      tags: [...hook.tags],
      security: (hook.security ?? []).map((req) => Object.fromEntries(Object.entries(req).map(([k, v]) => [k, [...v]]))),
      request: { body: toBody(hook.body, true)! }, // JSON or, per merchant key, a form with the same two fields (M-webhook-form)
      responses: toResponses(hook.responses),
      ...(hook.extensions ?? {}),
    });
  }
}
