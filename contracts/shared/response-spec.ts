// A declared response of an operation, on its own so that the modules operation.ts builds on
// (idempotency.ts, responses.ts, links.ts) can name it without importing operation.ts back.
import type { z } from './zod.ts';

/** A response header as the document declares it. */
export interface ResponseHeader {
  description: string;
  schema: { type: 'integer' | 'string'; format?: string; minimum?: number; maximum?: number; maxLength?: number; pattern?: string };
}

/**
 * An OpenAPI 3.1 Link Object: how a value of this response (`$response.body#/id`) feeds a
 * parameter or the body of another operation of the same document, named by operationId.
 */
export interface LinkSpec {
  operationId: string;
  parameters?: Record<string, string>;
  requestBody?: unknown;
  description?: string;
}

export interface ResponseSpec {
  description: string;
  /**
   * Name under `components/responses`: the document writes the response there once and each
   * operation refers to it. Every error response (4xx, 5xx) has one (decision C-answers).
   */
  component?: string;
  /** Body schema; omit for a response without content (204). */
  schema?: z.ZodType;
  /** One example of the body, validated against `schema` by the contract tests. */
  example?: unknown;
  /** Response headers (e.g. Retry-After on 429). */
  headers?: Record<string, ResponseHeader>;
  /** Operations a value of this response feeds (decision C-links). */
  links?: Record<string, LinkSpec>;
}
