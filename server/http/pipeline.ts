// Small middleware shared by the three API routers: which operation a request is for, the 404/405
// fallback and the error handler. The body step is in request-body.ts.
import { type ErrorRequestHandler, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { OperationMap } from '../../contracts/shared/operation.ts';
import { MethodNotAllowedError, RouteNotFoundError, StoreUnavailableError, UnsupportedMediaTypeError } from '../errors.ts';
import { InternalFailure, toFailure, type Failure, type Rendered } from './failure.ts';

import { safePath, type Logger } from '../log.ts';

const OPERATION = Symbol('operationId');
type WithOperation = Request & { [OPERATION]?: string };

/** The operationId the request was routed to (undefined for unknown routes). */
export const operationOf = (req: Request): string | undefined => (req as WithOperation)[OPERATION];

export function markOperation(operationId: string): RequestHandler {
  return function operation(req: Request, _res: Response, next: NextFunction): void {
    (req as WithOperation)[OPERATION] = operationId;
    next();
  };
}

/** `/tickers/{market}` -> `/tickers/:market`. */
export const toExpressPath = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1');

/** After the operation routes: the path exists with another method (405), or not at all (404). */
export function routeFallback(operations: OperationMap): RequestHandler {
  const routes = Object.values(operations).map((op) => ({
    method: op.method.toUpperCase(),
    pattern: new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}/?$`),
  }));
  return function fallback(req: Request, _res: Response, next: NextFunction): void {
    const allow = [...new Set(routes.filter((r) => r.pattern.test(req.path)).map((r) => r.method))];
    if (allow.includes('GET')) allow.push('HEAD');
    const path = req.originalUrl.split('?')[0] ?? req.path;
    next(allow.length > 0 ? new MethodNotAllowedError(req.method, path, allow) : new RouteNotFoundError(req.method, path));
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
