// The per-operation steps after auth: the request validated once against the document, then (in
// the server) the handler called with the validated request, its response checked against the
// document and sent. In the validator for other services, the request goes on to their handler.
import type { Request, RequestHandler, Response } from 'express';
import { RequestValidationError, type ValidationIssue } from '../errors.ts';
import type { OperationSpec } from '../../contracts/shared/operation.ts';
import { principalOf } from '../auth/principal.ts';
import type { AnyHandler } from '../api/handler-map.ts';
import type { ApiValidator, PreparedRequest } from '../validation/document-validator.ts';
import type { UnitsOfWork } from '../ports/units.ts';
import type { StoredAnswer } from '../ports/idempotency.ts';
import { idempotentCallOf, type IdempotentCall } from './idempotency.ts';
import { sendJson } from './send-json.ts';
import { IGNORED_FIELDS_HEADER, ignoredFieldsHeader } from './ignored-fields.ts';
import type { Logger } from '../log.ts';
import { bodyKindOf, exposeQuery, libraryView, queryFieldsOf, paramsOf, queryOf, setParams, setQuery } from '../request-view.ts';

/**
 * The one validation pass: the wire pre-pass (canonical scalars, the document's defaults, undeclared
 * body fields dropped), then express-openapi-validator over the request as the pre-pass left it;
 * what the handler (or, in the validator for other services, the service) gets is that request.
 * With VALIDATE=none the pre-pass runs without the library.
 */
export function validateRequest(validator: ApiValidator, operationId: string, lenientJson: boolean, expose = false, hasBody = false, log?: Logger): RequestHandler {
  const library = validator.library;
  return function requestValidation(req, res, next) {
    let out: PreparedRequest;
    try {
      const kind = bodyKindOf(req);
      out = validator.prepareRequest(operationId, {
        params: paramsOf(req),
        query: queryOf(req),
        body: req.body as unknown,
        coerceBody: kind === 'form' || kind === 'query' || (kind === 'json' && lenientJson),
        coerceFields: queryFieldsOf(req),
      });
    } catch (err) {
      return next(err);
    }
    if (out.ignored) {
      // Named back, so a misspelled optional field (`webhok_url`) is not silently lost: the answer
      // says which fields the server dropped, and so does the log (names only, never values).
      const names = ignoredFieldsHeader(out.ignored);
      res.setHeader(IGNORED_FIELDS_HEADER, names);
      log?.(`[server] ${operationId}: ignored unknown body fields ${names}`);
    }
    if (req.body !== out.body) req.body = out.body;
    if (!library) {
      setQuery(req, out.query);
      setParams(req, out.params);
      if (expose) {
        req.params = out.params as Request['params'];
        exposeQuery(req);
      }
      return next();
    }
    const restore = libraryView(req, out, hasBody);
    library.validate(req, res, (err?: unknown) => {
      const checked = restore();
      if (err || out.issues.length > 0) return next(withIssues(err, out.issues));
      setQuery(req, checked.query);
      setParams(req, checked.params);
      if (expose) {
        req.params = checked.params as Request['params'];
        exposeQuery(req);
      }
      next();
    });
  };
}

/** The library's failure with the pre-pass's issues after its own (one issue per field and message). */
function withIssues(err: unknown, issues: readonly ValidationIssue[]): unknown {
  if (!err) return new RequestValidationError(issues);
  if (!(err instanceof RequestValidationError) || issues.length === 0) return err;
  const seen = new Set(err.issues.map((i) => `${i.location}\u0000${i.field}\u0000${i.message}`));
  return new RequestValidationError([...err.issues, ...issues.filter((i) => !seen.has(`${i.location}\u0000${i.field}\u0000${i.message}`))]);
}

type HandlerResult = Awaited<ReturnType<AnyHandler>>;
/** The answer as sent (and recorded): the body as JSON text, '' for none. */
type SentAnswer = StoredAnswer;

/**
 * Calls the handler and sends its `{status, body}`, after checking it against the declared responses.
 * A request holding an Idempotency-Key (idempotency.ts) runs as one unit of work with its answer
 * when its handler may (`inUnit`: it awaits only the store): the handler's writes and the answer to
 * replay commit together. Otherwise the answer is recorded as soon as the handler returned. Either
 * way it is committed before anything is sent, and what is sent is that answer.
 * A request without a key whose handler answers synchronously (the reference reads) is answered
 * in the same tick, without a promise (bench figure 10).
 */
export function callHandler(operationId: string, op: OperationSpec, handler: AnyHandler, validator: ApiValidator, units?: UnitsOfWork, inUnit = false): RequestHandler {
  // An optional body that was left out reads as `{}` (RequestSpec: its type accepts it).
  const optionalBody = op.request?.body?.required === false;
  const inputOf = (req: Request) => ({
    params: paramsOf(req),
    query: queryOf(req),
    body: req.body === undefined && optionalBody ? {} : (req.body as unknown),
    principal: principalOf(req),
    req,
  });
  /** The answer as it is sent (and recorded): validated, the body as JSON text. */
  const checked = (result: HandlerResult): SentAnswer => {
    validator.validateResponse(operationId, result.status, result.body);
    return { status: result.status, body: result.body === undefined ? '' : JSON.stringify(result.body) };
  };
  const send = (req: Request, res: Response, result: HandlerResult, sent: SentAnswer): void => {
    if (result.headers) for (const [k, v] of Object.entries(result.headers)) res.setHeader(k, v);
    if (sent.body === '') res.status(sent.status).end();
    else sendJson(req, res, sent.status, sent.body);
  };

  async function keyed(req: Request, res: Response, call: IdempotentCall): Promise<void> {
    const joined = units !== undefined && inUnit;
    const answer = async () => {
      const result = await handler(inputOf(req));
      // Outside a unit of work what the handler wrote stays, whatever comes next: the key is kept.
      if (!joined) call.executed = true;
      const sent = checked(result);
      return { result, sent, recorded: call.record(sent) };
    };
    call.handling = true;
    const { result, sent, recorded } = joined ? await units.unit(answer) : await answer();
    try {
      if (units) await units.durable();
    } catch (e) {
      // The commit failed: the recorded answer went with the handler's writes, so the key is freed.
      if (joined) call.done = false;
      throw e;
    }
    recorded?.afterCommit();
    send(req, res, result, sent);
  }

  return function handle(req: Request, res: Response): Promise<void> | void {
    const call = idempotentCallOf(res);
    if (call) return keyed(req, res, call);
    const result = handler(inputOf(req));
    // Any thenable, as `await` took it (a handler given to createServer may return one).
    if (typeof (result as { then?: unknown } | undefined)?.then === 'function') return Promise.resolve(result).then((r: HandlerResult) => send(req, res, r, checked(r)));
    send(req, res, result as HandlerResult, checked(result as HandlerResult));
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
