// The per-operation steps after auth: OpenAPI request validation, then (in the server) the handler
// call with its input parsed by the operation's Zod schemas, the response checked against the
// contract and sent. In the validator for other services, the request goes on to their handler.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import type { OperationSpec } from '../../contracts/shared/operation.ts';
import { principalOf } from '../auth/principal.ts';
import { RequestValidationError, type ValidationIssue } from '../errors.ts';
import type { AnyHandler } from '../api/handler-map.ts';
import type { ApiValidator } from '../validation/openapi-validator.ts';
import { validatorIssue, zodIssues } from './failure.ts';
import { exposeQuery, paramsOf, queryOf, setParams, setQuery, validatorUrl } from '../request-view.ts';

/** The validator of an API once loaded; requests that arrive while it loads wait for it. */
export class ValidatorSlot {
  current: ApiValidator | undefined;
  readonly ready: Promise<ApiValidator | undefined>;
  constructor(source: Promise<ApiValidator> | undefined) {
    this.ready = source ? source.then((v) => (this.current = v)) : Promise.resolve(undefined);
  }
}

const ONE_OF = /must match exactly one schema in oneOf/;

/**
 * The body's issues when the OpenAPI validator refused it, completed with the contract's Zod
 * schema. A failed `oneOf` (the order variants, selected by `ord_type`) is reported by the
 * validator with the errors of every branch: a bad `volume` of a limit order also read "ord_type:
 * must be equal to one of the allowed values: market; price: must NOT be valid". Then the body's
 * issues are taken from Zod instead, whose discriminated union reports only the variant the body
 * selects (or that the discriminator is wrong); other parts' issues stay.
 */
function refineBodyIssues(err: unknown, op: OperationSpec | undefined, body: unknown): unknown {
  const errors = (err as { errors?: { path?: string; message?: string }[] } | null)?.errors;
  const schema = op?.request?.body?.schema;
  if (!schema || !Array.isArray(errors)) return err;
  const issues = errors.map(validatorIssue);
  if (!issues.some((i) => i.location === 'body')) return err;
  const parsed = schema.safeParse(body);
  if (parsed.success) return err;
  const fromZod = zodIssues('body', parsed.error);
  if (errors.some((e) => ONE_OF.test(e.message ?? ''))) {
    return new RequestValidationError([...issues.filter((i) => i.location !== 'body'), ...fromZod]);
  }
  // Rules JSON Schema cannot state (a confirmation that must equal its password) run only in Zod:
  // add what Zod finds about fields the validator did not already name, so every invalid field is reported.
  const named = new Set(issues.map((i) => i.field));
  const more = fromZod.filter((i) => !named.has(i.field));
  return more.length === 0 ? err : new RequestValidationError([...issues, ...more]);
}

export function validateRequest(slot: ValidatorSlot, operationId: string, expose = false, op?: OperationSpec): RequestHandler {
  const run = (v: ApiValidator | undefined, req: Request, res: Response, next: NextFunction) => {
    if (v) {
      try {
        const input = { method: req.method, originalUrl: validatorUrl(req.originalUrl), headers: req.headers, params: req.params, query: queryOf(req), body: req.body as unknown };
        const out = v.validateRequest(operationId, input, res);
        setQuery(req, out.query);
        setParams(req, out.params);
        if (expose) {
          req.params = out.params as Request['params'];
          exposeQuery(req);
        }
      } catch (err) {
        return next(refineBodyIssues(err, op, req.body));
      }
    }
    next();
  };
  return function openApiRequestValidation(req, res, next) {
    if (slot.current) return run(slot.current, req, res, next);
    slot.ready.then((v) => run(v, req, res, next), next);
  };
}

type Coercion = 'number' | 'boolean';

/** Query and path values the Zod schema wants as numbers or booleans (the OpenAPI validator coerces them; without it, we do). */
function coercions(schema: z.ZodObject | undefined): Map<string, Coercion> {
  const out = new Map<string, Coercion>();
  for (const [key, field] of Object.entries(schema?.shape ?? {})) {
    let s = field as z.ZodType;
    while (['optional', 'default', 'nullable', 'prefault'].includes(s.def.type)) s = (s.def as unknown as { innerType: z.ZodType }).innerType;
    if (s.def.type === 'number' || s.def.type === 'int') out.set(key, 'number');
    if (s.def.type === 'boolean') out.set(key, 'boolean');
  }
  return out;
}

function coerce(query: Record<string, unknown>, how: Map<string, Coercion>): Record<string, unknown> {
  if (how.size === 0) return query;
  const out = { ...query };
  for (const [key, kind] of how) {
    const v = out[key];
    if (typeof v !== 'string' || v === '') continue;
    if (kind === 'number' && /^-?\d+(\.\d+)?$/.test(v)) out[key] = Number(v);
    if (kind === 'boolean' && (v === 'true' || v === 'false')) out[key] = v === 'true';
  }
  return out;
}

/** Parses the request parts with the operation's Zod schemas (defaults applied, refinements checked). */
export function inputParser(op: OperationSpec) {
  const queryTypes = coercions(op.request?.query);
  const paramTypes = coercions(op.request?.params);
  const parts = [
    ['path', op.request?.params, (req: Request) => coerce(paramsOf(req), paramTypes)] as const,
    ['query', op.request?.query, (req: Request) => coerce(queryOf(req), queryTypes)] as const,
    // An optional body that was left out reads as `{}` (RequestSpec: such a schema accepts it).
    ['body', op.request?.body?.schema, op.request?.body?.required === false ? (req: Request) => (req.body ?? {}) as unknown : (req: Request) => req.body as unknown] as const,
  ];
  return function parse(req: Request): { params: unknown; query: unknown; body: unknown } {
    const out: Record<string, unknown> = { path: {}, query: {}, body: undefined };
    const issues: ValidationIssue[] = [];
    for (const [location, schema, read] of parts) {
      if (!schema) continue;
      const r = schema.safeParse(read(req));
      if (r.success) out[location] = r.data;
      else issues.push(...zodIssues(location, r.error));
    }
    if (issues.length > 0) throw new RequestValidationError(issues);
    return { params: out.path, query: out.query, body: out.body };
  };
}

/** Calls the handler and sends its `{status, body}`, after checking it against the declared responses. */
export function callHandler(operationId: string, op: OperationSpec, handler: AnyHandler, slot: ValidatorSlot): RequestHandler {
  const parse = inputParser(op);
  return async function handle(req: Request, res: Response): Promise<void> {
    const input = parse(req);
    const result = await handler({ ...input, principal: principalOf(req), req });
    slot.current?.validateResponse(operationId, result.status, result.body, req.originalUrl.split('?')[0]!);
    if (result.headers) for (const [k, v] of Object.entries(result.headers)) res.setHeader(k, v);
    if (result.body === undefined) res.status(result.status).end();
    else res.status(result.status).json(result.body);
  };
}

/**
 * Validator mode: checks what the service's own handler sends with `res.json` against the
 * declared responses; an invalid body is replaced by the API's 500 (and logged).
 */
export function checkResponses(slot: ValidatorSlot, operationId: string, respond: (err: unknown, req: Request, res: Response) => void): RequestHandler {
  return function responseValidation(req, res, next) {
    const v = slot.current;
    if (!v?.mode.responses) return next();
    const json = res.json;
    res.json = function validatedJson(body: unknown) {
      res.json = json;
      if (res.statusCode >= 500) return json.call(res, body);
      try {
        v.validateResponse(operationId, res.statusCode, body, req.originalUrl.split('?')[0]!);
      } catch (err) {
        respond(err, req, res);
        return res;
      }
      return json.call(res, body);
    };
    next();
  };
}
