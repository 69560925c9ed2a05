// What another service mounts on its own Express app answers every failure in the API's error body,
// wherever it is mounted (decision *-mountable): the exported auth middleware and validators come as
// `[failures in front, the step]`, so an error raised in front of them (the service's own
// `express.json()` refusing malformed JSON, a body over its limit) and the step's own failures (bad
// credentials) are answered by the API, never by Express's HTML page with a stack trace. Each API's
// complete error handler is exported too, to close the service's app (README, "For other services").
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import type { ApiId } from '../../contracts/shared/contract.ts';
import { InternalFailure, toFailure, type Failure, type Rendered } from './failure.ts';
import { failureResponder, type Logger } from './pipeline.ts';

export type Render = (failure: Failure, operationId: string | undefined) => Rendered;

export interface ErrorHandlerOptions {
  /** Where 5xx causes are logged (default console.error); never the request's headers or query. */
  log?: Logger;
  /** The body limit named in a 413 (default 100kb, the validators' default). */
  bodyLimit?: string;
}

/** Middleware as mounted: an error layer for what failed in front of it, then the step itself. */
export type ApiMiddleware = [ErrorRequestHandler, RequestHandler];

const defaultLog: Logger = (line) => console.error(line);

/** Renders every error, a bug included (500 in the API's body, its cause logged). */
export function errorHandlerOf(api: ApiId, render: Render, options: ErrorHandlerOptions = {}): ErrorRequestHandler {
  const respond = failureResponder({ api, bodyLimit: options.bodyLimit ?? '100kb', render, log: options.log ?? defaultLog });
  return function apiErrorHandler(err: unknown, req: Request, res: Response, _next: NextFunction): void {
    respond(err, req, res);
  };
}

/**
 * In front of a step: answers the failures the API knows (malformed JSON, bodies over the limit,
 * unsupported charsets, URI errors, our own error classes); anything else is the service's own
 * error, passed on to its error handler.
 */
export function knownFailures(api: ApiId, render: Render, options: ErrorHandlerOptions = {}): ErrorRequestHandler {
  const respond = failureResponder({ api, bodyLimit: options.bodyLimit ?? '100kb', render, log: options.log ?? defaultLog });
  return function apiKnownFailures(err: unknown, req: Request, res: Response, next: NextFunction): void {
    if (toFailure(err, req, options.bodyLimit ?? '100kb') instanceof InternalFailure) return next(err);
    respond(err, req, res);
  };
}

/** A router step (which passes failures to `next`) that answers its own failures in the API's body. */
export function answering(api: ApiId, render: Render, step: RequestHandler, options: ErrorHandlerOptions = {}): ApiMiddleware {
  const respond = failureResponder({ api, bodyLimit: options.bodyLimit ?? '100kb', render, log: options.log ?? defaultLog });
  const own: RequestHandler = function answeringOwnFailures(req, res, next) {
    const done = (err?: unknown) => {
      if (err === undefined || err === 'route' || err === 'router') return next(err as undefined);
      respond(err, req, res);
    };
    try {
      void step(req, res, done);
    } catch (err) {
      done(err);
    }
  };
  return [knownFailures(api, render, options), own];
}
