// Small middleware shared by the three API routers: which operation a request is for, the 404/405
// fallback and the error handler. The body step is in request-body.ts.
import { type ErrorRequestHandler, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { MethodNotAllowedError, RouteNotFoundError, StoreUnavailableError, UnsupportedMediaTypeError } from '../core/errors.ts';
import { InternalFailure, toFailure, type Failure, type Rendered } from './failure.ts';
import type { PathTable } from './paths.ts';

import { safePath, type Logger } from './log.ts';
import { requestLocals } from '../core/request-view.ts';

const OPERATION = Symbol('operationId');

/** The operationId the request was routed to (undefined for unknown routes). */
export const operationOf = (req: Request): string | undefined => requestLocals(req)[OPERATION] as string | undefined;

/**
 * The first step of an operation's route. A URL that a more specific path of the API matches
 * (`/transactions/instant_refund` for the route `/transactions/{id}`) is not this operation's:
 * it goes on to the next route, and to the 405 of the fallback when that path lacks the method.
 */
export function markOperation(operationId: string, shadowing: readonly RegExp[] = []): RequestHandler {
  if (shadowing.length > 0) {
    return function operation(req: Request, _res: Response, next: NextFunction): void {
      if (shadowing.some((p) => p.test(req.path))) return next('route');
      requestLocals(req)[OPERATION] = operationId;
      next();
    };
  }
  return function operation(req: Request, _res: Response, next: NextFunction): void {
    requestLocals(req)[OPERATION] = operationId;
    next();
  };
}

/** `/tickers/{market}` -> `/tickers/:market`. */
export const toExpressPath = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1');

/**
 * After the operation routes: the path exists with another method (405, `Allow` the methods of the
 * path that takes precedence, OPTIONS included), or not at all (404).
 */
export function routeFallback(paths: PathTable): RequestHandler {
  return function fallback(req: Request, _res: Response, next: NextFunction): void {
    const allow = paths.resolve(req.path)?.allow;
    const path = req.originalUrl.split('?')[0] ?? req.path;
    next(allow ? new MethodNotAllowedError(req.method, path, allow) : new RouteNotFoundError(req.method, path));
  };
}

export type { Logger };

export interface ErrorHandlerOptions {
  api: string;
  bodyLimit: string;
  render: (failure: Failure, operationId: string | undefined) => Rendered;
  log: Logger;
}

/** The API's one error handler: every failure becomes that API's body; 5xx are logged with their cause. */
export function apiErrorHandler(options: ErrorHandlerOptions): ErrorRequestHandler {
  const respond = failureResponder(options);
  return function errorHandler(err: unknown, req: Request, res: Response, _next: NextFunction): void {
    respond(err, req, res);
  };
}

/** Sends `err` as the API's error response (also used outside the router, for invalid responses). */
export function failureResponder({ api, bodyLimit, render, log }: ErrorHandlerOptions) {
  // An outage of a shared store fails every request: one line per second is enough to see it.
  let storeLoggedAt = 0;
  let storeSuppressed = 0;
  return function respond(err: unknown, req: Request, res: Response): void {
    const failure = toFailure(err, req, bodyLimit);
    let out: Rendered;
    try {
      out = render(failure, operationOf(req));
    } catch (renderError) {
      out = render(new InternalFailure(renderError, 'error renderer failed'), undefined);
    }
    if (failure instanceof InternalFailure) {
      // A bug: log the cause with its stack. Path without the query string (it may carry a
      // signature), never headers (Authorization).
      const cause = failure.cause instanceof Error ? (failure.cause.stack ?? failure.cause.message) : String(failure.cause);
      log(`[${api}] ${out.status} ${req.method} ${safePath(req.originalUrl)}: ${failure.message}\n${cause}`);
    } else if (failure instanceof StoreUnavailableError) {
      // Not a bug, but the operator must see it: the cause's message only (a Redis URL's password never reaches it).
      const now = Date.now();
      if (now - storeLoggedAt < 1000) storeSuppressed += 1;
      else {
        const more = storeSuppressed > 0 ? ` (and ${storeSuppressed} more 503s since the last line)` : '';
        log(`[${api}] 503 ${req.method} ${safePath(req.originalUrl)}: ${failure.message} (${failure.cause instanceof Error ? failure.cause.message : String(failure.cause)})${more}`);
        storeLoggedAt = now;
        storeSuppressed = 0;
      }
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(out.status);
    for (const [name, value] of Object.entries(out.headers ?? {})) res.setHeader(name, value);
    // send, not json: nothing may intercept or re-validate an error body.
    res.type('application/json').send(JSON.stringify(out.body));
  };
}
