// The per-operation steps after auth: the request validated once against the document, then (in
// the server) the handler called with the validated request, its response checked against the
// document and sent. In the validator for other services, the request goes on to their handler.
import type { Request, RequestHandler, Response } from 'express';
import type { OperationSpec } from '../../contracts/shared/operation.ts';
import { principalOf } from '../auth/principal.ts';
import type { AnyHandler } from '../api/handler-map.ts';
import type { ApiValidator } from '../validation/document-validator.ts';
import { bodyKindOf, exposeQuery, queryFieldsOf, paramsOf, queryOf, setParams, setQuery, validatorUrl } from '../request-view.ts';

/**
 * The one validation pass (server/validation/document-validator.ts): the request's path, query and
 * body coerced, completed with the document's defaults and validated against the operation; what
 * the handler (or, in the validator for other services, the service) gets is that validated request.
 * With VALIDATE=none the same preparation runs without the checks.
 */
export function validateRequest(validator: ApiValidator, operationId: string, lenientJson: boolean, expose = false): RequestHandler {
  return function requestValidation(req, _res, next) {
    try {
      const kind = bodyKindOf(req);
      const out = validator.validateRequest(operationId, {
        originalUrl: validatorUrl(req.originalUrl),
        params: paramsOf(req),
        query: queryOf(req),
        body: req.body as unknown,
        coerceBody: kind === 'form' || kind === 'query' || (kind === 'json' && lenientJson),
        coerceFields: queryFieldsOf(req),
      });
      setQuery(req, out.query);
      setParams(req, out.params);
      req.body = out.body;
      if (expose) {
        req.params = out.params as Request['params'];
        exposeQuery(req);
      }
    } catch (err) {
      return next(err);
    }
    next();
  };
}

/** Calls the handler and sends its `{status, body}`, after checking it against the declared responses. */
export function callHandler(operationId: string, op: OperationSpec, handler: AnyHandler, validator: ApiValidator): RequestHandler {
  // An optional body that was left out reads as `{}` (RequestSpec: its type accepts it).
  const optionalBody = op.request?.body?.required === false;
  return async function handle(req: Request, res: Response): Promise<void> {
    const body = req.body === undefined && optionalBody ? {} : (req.body as unknown);
    const result = await handler({ params: paramsOf(req), query: queryOf(req), body, principal: principalOf(req), req });
    validator.validateResponse(operationId, result.status, result.body);
    if (result.headers) for (const [k, v] of Object.entries(result.headers)) res.setHeader(k, v);
    if (result.body === undefined) res.status(result.status).end();
    else res.status(result.status).json(result.body);
  };
}

/**
 * Validator mode: checks what the service's own handler sends with `res.json` against the
 * declared responses; an invalid body is replaced by the API's 500 (and logged).
 */
export function checkResponses(v: ApiValidator, operationId: string, respond: (err: unknown, req: Request, res: Response) => void): RequestHandler {
  return function responseValidation(req, res, next) {
    if (!v.mode.responses) return next();
    const json = res.json;
    res.json = function validatedJson(body: unknown) {
      res.json = json;
      if (res.statusCode >= 500) return json.call(res, body);
      try {
        v.validateResponse(operationId, res.statusCode, body);
      } catch (err) {
        respond(err, req, res);
        return res;
      }
      return json.call(res, body);
    };
    next();
  };
}
