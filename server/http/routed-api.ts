// What the request pipeline reads of an API to build its router (api-router.ts), stated here so
// http/ names nothing of the layers above it: the API's id, mount path and operations, how its
// failures render, whom its rate limit counts, which wire forms it accepts, the auth step of each
// operation, and the loose shape of a handler the router calls. server/api/protocol.ts's
// ApiProtocol extends RoutedApi with what building the auth and the validator take.
import type { Request, RequestHandler } from 'express';
import type { ApiId, DocumentId } from '../../contracts/shared/contract.ts';
import type { OperationMap, OperationSpec } from '../../contracts/shared/operation.ts';
import type { ClientKeyOf } from './rate-limit.ts';
import type { Failure, Rendered } from './failure.ts';

export interface RoutedApi<Ops extends OperationMap = OperationMap, Id extends DocumentId = ApiId> {
  id: Id;
  /** Mount path, e.g. `/api/v1`. */
  basePath: string;
  operations: Ops;
  render: (failure: Failure, operationId: string | undefined) => Rendered;
  clientKey: ClientKeyOf;
  /**
   * Wire forms accepted beyond JSON with typed scalars: numeric and boolean strings in JSON bodies
   * (merchant, partner), body fields in the URL query of a POST (exchange). Form bodies: every API.
   */
  bodies?: { lenientJson?: boolean; queryFields?: boolean };
}

/** The auth middleware of an operation, or undefined for a public one. */
export type OperationAuth = (operationId: string, op: OperationSpec) => RequestHandler | undefined;

/** Loosely typed view of a handler the router calls at run time (after the typed map has been checked: server/api/handler-map.ts). */
export type AnyHandler = (input: { params: unknown; query: unknown; body: unknown; principal: unknown; req: Request }) =>
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | Promise<{ status: number; body?: unknown; headers?: Record<string, string> }>;
