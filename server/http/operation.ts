// The per-operation steps after auth: the request validated once against the document, then (in
// the server) the handler called with the validated request, its response checked against the
// document and sent. In the validator for other services, the request goes on to their handler.
import type { Request, RequestHandler, Response } from 'express';
import { RequestValidationError, type ValidationIssue } from '../core/errors.ts';
import type { OperationSpec } from '../../contracts/shared/operation.ts';
import type { AnyHandler } from './routed-api.ts';
import type { ApiValidator, PreparedRequest } from '../validation/document-validator.ts';
import { onResponseRefused, responseRefusal, type ResponseRefusal } from '../validation/openapi-validator.ts';
import { InternalFailure } from './failure.ts';
import type { UnitsOfWork } from '../ports/units.ts';
import type { StoredAnswer } from '../ports/idempotency.ts';
import { idempotentCallOf, type IdempotentCall } from './idempotency.ts';
import { sendJson } from './send-json.ts';
import { IGNORED_FIELDS_HEADER, ignoredFieldsHeader } from './ignored-fields.ts';
import type { Logger } from './log.ts';
import { bodyKindOf, exposeQuery, heldPrincipal, libraryView, queryFieldsOf, paramsOf, queryOf, setParams, setQuery } from '../core/request-view.ts';

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
    // The server's handler answers through `res.json` (callHandler): under the library's check of
    // the response, this takes what passed without sending it, so the answer is stored first.
    if (library.responses && !expose) res.json = captureJson;
    library.validate(operationId, req, res, (err?: unknown) => {
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

/** The innermost `res.json` of a server request: the library's check calls it with a body that passed; nothing is sent here. */
function captureJson(this: Response): Response {
  this.json = Reflect.get(Object.getPrototypeOf(this) as object, 'json', this) as Response['json'];
  return this;
}

/** The library's refusal as a log line: each error's path and message. */
const describeRefusal = (r: ResponseRefusal): string => r.errors?.map((e) => `${e.path ?? ''} ${e.message ?? ''}`.trim()).join('; ') || (r.message ?? 'refused');

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
    principal: heldPrincipal(req),
    req,
  });
  const library = validator.library?.responses === true ? validator.library : undefined;
  /**
   * The answer as it is sent (and recorded), the body as JSON text, after express-openapi-validator
   * checked it: it checks what goes through `res.json` (wrapped in the validation step), and
   * `res.json` ends in captureJson, which sends nothing. A refused answer throws here, before it is
   * recorded: it is answered 500 and never stored.
   */
  const checked = (req: Request, res: Response, result: HandlerResult): SentAnswer => {
    if (library) {
      res.statusCode = result.status;
      // `null` would make the library's wrapper answer 204 itself: no declared body is null.
      if (result.body === null) throw new InternalFailure(undefined, `response failed validation: ${operationId} ${result.status}: the body is null`);
      res.json(result.body);
      const refusal = responseRefusal(req);
      if (refusal) throw new InternalFailure(refusal, `response failed validation: ${operationId} ${result.status}: ${describeRefusal(refusal)}`);
    }
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
      const sent = checked(req, res, result);
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
    if (typeof (result as { then?: unknown } | undefined)?.then === 'function') return Promise.resolve(result).then((r: HandlerResult) => send(req, res, r, checked(req, res, r)));
    send(req, res, result as HandlerResult, checked(req, res, result as HandlerResult));
  };
}

/**
 * Validator mode: express-openapi-validator checks what the service's own handler sends with
 * `res.json` (its wrapper, installed in the validation step; 5xx are not checked, its rule); a
 * refused body is replaced by the API's 500 (and logged).
 */
export function checkResponses(v: ApiValidator, operationId: string, respond: (err: unknown, req: Request, res: Response) => void): RequestHandler {
  const refused = (refusal: ResponseRefusal, req: Request, res: Response) =>
    respond(new InternalFailure(refusal, `response failed validation: ${operationId} ${res.statusCode}: ${describeRefusal(refusal)}`), req, res);
  return function responseValidation(req, _res, next) {
    if (v.library?.responses) onResponseRefused(req, refused);
    next();
  };
}
