// express-openapi-validator (5.6, its public middleware only) as the validation pass of one API's
// requests. One instance per path of the document, given that path alone (below, `stepsOf`); never
// two documents in one instance, which leaks components between them. What it is given and what it
// cannot say, each in one place here:
// - the document, with `allowEmptyValue: true` on every query parameter: the library refuses an
//   empty value (`?external_id=`) by a rule of its own; whether a value may be empty is the
//   schema's (`minLength`), so the schema is what decides;
// - its thrown errors become the API's validation issues from their structured parts (`status`,
//   each error's `path` and `errorCode`, the `Allow` header) and the document, never from the
//   message text: `required` is "is required", `additionalProperties` "is not a field of this
//   object", an error without a code on `/query/<name>` the library's unknown-parameter refusal
//   when the name is not declared (its reserved-character rule when it is),
//   a discriminator failure (no code, no field) the tag's allowed values read from the document;
//   other codes keep the library's (Ajv's) wording as it comes.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { MethodNotAllowedError, RequestValidationError, RouteNotFoundError, UnsupportedMediaTypeError, type ValidationIssue } from '../core/errors.ts';
import { eachOperation, pathDocument, pointerTokens, requestBodyOf, walkSchema } from '../../contracts/shared/openapi-walk.ts';
import { fieldPath } from './issues.ts';
import { ApiDocument, type Schema } from './document.ts';
import { requestLocals } from '../core/request-view.ts';

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The copy of the document the library gets (it changes what it is given). */
function libraryDocument(doc: Schema): Schema {
  const copy = structuredClone(doc);
  // Served at the root of wherever the API's router is mounted: with `useRequestUrl` the library
  // matches `req.url`, the path below the mount, so the API answers the same at its documented
  // base path, at a service's own prefix, or behind a proxy that strips one. With the document's
  // servers it matched the whole URL and let a request under any other prefix through unchecked.
  copy.servers = [{ url: '/' }];
  const mark = (p: unknown): void => {
    if (isObject(p) && p.in === 'query') p.allowEmptyValue = true;
  };
  // Every discriminator is Ajv's (`discriminator: true`), which selects the branch, so only its
  // errors are reported, at any depth (each of /orders/multi's orders too). Ajv refuses a
  // `mapping` (the branches' tag values say the same), and the library's own handling of a body's
  // top-level discriminator needs one: a body schema is wrapped in `allOf` so it is Ajv's too.
  const components = isObject(copy.components) ? copy.components : {};
  for (const schema of Object.values(isObject(components.schemas) ? components.schemas : {})) {
    walkSchema(schema, (s) => {
      if (isObject(s.discriminator)) s.discriminator = { propertyName: s.discriminator.propertyName };
    });
  }
  const operations = eachOperation(copy, { sections: ['paths'] });
  for (const { operation } of operations) {
    const body = isObject(operation.requestBody) ? operation.requestBody : undefined;
    const content = body && isObject(body.content) ? body.content : {};
    // The library takes a body as required when its schema has a top-level `required` list, not
    // from `requestBody.required`: the wrapper carries an empty list exactly when the document
    // requires the body (an absent body is then "body: is required").
    for (const media of Object.values(content)) if (isObject(media) && isObject(media.schema)) media.schema = { allOf: [media.schema], ...(body?.required === true ? { required: [] } : {}) };
  }
  for (const p of Object.values(isObject(components.parameters) ? components.parameters : {})) mark(p);
  for (const { item, operation } of operations) {
    for (const p of Array.isArray(item.parameters) ? item.parameters : []) mark(p);
    for (const p of Array.isArray(operation.parameters) ? operation.parameters : []) mark(p);
  }
  return copy;
}

/** The library's errors as it throws them (HttpError: `status`, `errors[]`, `headers`). */
interface LibraryError {
  status?: number;
  errors?: { path?: string; message?: string; errorCode?: string }[];
  headers?: { Allow?: string };
}

const LOCATIONS: Record<string, ValidationIssue['location']> = { params: 'path', query: 'query', body: 'body', headers: 'header' };

/** The library's error path (`/body/items/0`) as keys; its `/` stands for the request as a whole. */
const segmentsOf = (pointer: string): string[] => (pointer === '/' || !pointer.startsWith('/') ? [] : pointerTokens(pointer));

export interface LibraryPass {
  /**
   * Runs the library over `req` (query, params and body as the pre-pass left them); errors as the
   * API's issues. With responses checked it also wraps `res.json`: the library checks what goes
   * through it (the 5xx excepted, its rule), and a refusal goes to `onResponseRefused`.
   */
  readonly validate: (operationId: string, req: Request, res: Response, next: NextFunction) => void;
  readonly responses: boolean;
}

/** The library's refusal of a response (its InternalServerError: `message`, `errors[]` with `path`). */
export interface ResponseRefusal {
  message?: string;
  errors?: { path?: string; message?: string; errorCode?: string }[];
}

const REFUSED = Symbol('response-refused');
const ON_REFUSED = Symbol('on-response-refused');

type RefusalHandler = (refusal: ResponseRefusal, req: Request, res: Response) => void;

/**
 * What a request does when the library refuses its response: `handle` answers it (the validator for
 * other services, whose handlers call `res.json` themselves). Without one the refusal is kept for
 * `responseRefusal` (the server reads it right after its `res.json` call, before anything is stored or sent).
 */
export function onResponseRefused(req: Request, handle: RefusalHandler): void {
  requestLocals(req)[ON_REFUSED] = handle;
}

/** The library's refusal of the response just passed to `res.json`, if it refused it. */
export function responseRefusal(req: Request): ResponseRefusal | undefined {
  return requestLocals(req)[REFUSED] as ResponseRefusal | undefined;
}

/** The library's `onError`: called with the response it refused; the body is not sent when a handler answered. */
function refused(err: ResponseRefusal, _body: unknown, req: Request): void {
  const locals = requestLocals(req);
  const handle = locals[ON_REFUSED] as RefusalHandler | undefined;
  if (handle && req.res) handle(err, req, req.res);
  else locals[REFUSED] = err;
}

/** The library's pass over `doc` (one instance, built once per document): requests, and responses when asked. */
export function libraryPass(docObject: Schema, options: { responses: boolean }): LibraryPass {
  const doc = new ApiDocument(docObject);
  assertOnlyEmptyNot(docObject);
  const whole = libraryDocument(docObject);
  const multipart = declaresMultipart(docObject);
  const middleware = (apiSpec: Schema) => OpenApiValidator.middleware({
    apiSpec: apiSpec as never,
    validateApiSpec: false,
    $refParser: { mode: 'dereference' },
    useRequestUrl: true,
    validateRequests: { allErrors: true, coerceTypes: false, allowUnknownQueryParameters: false, discriminator: true },
    validateResponses: options.responses ? { allErrors: true, onError: refused as never } : false,
    validateSecurity: false,
    // Without a multipart body in the document the library's uploader has nothing to do, and left
    // off it runs one step less per request (an async function after a promise).
    fileUploader: multipart ? {} : false,
    validateFormats: true,
    ajvFormats: { mode: 'full' },
  }) as unknown as RequestHandler[];
  // One instance per path of the document, given that path alone (and the components it reaches):
  // our router has already found the operation, and the library's own route match compiles the
  // pattern of every path it knows on every request (its metadata step), which over a whole
  // document cost more than its validation of the request. The documents are narrowed now, so a
  // reference that points at nothing fails when the validator is made; the instances (each loads
  // and dereferences its document) at a path's first request, so a path never called costs nothing.
  const byPath = new Map<string, { document: Schema; steps?: RequestHandler[] }>(
    [...new Set([...doc.operations.values()].map((op) => op.path))].map((path) => [path, { document: pathDocument(whole, path) }]),
  );
  const stepsOf = (operationId: string): RequestHandler[] => {
    const at = byPath.get(doc.operations.get(operationId)?.path ?? '');
    if (!at) throw new Error(`operation ${operationId} is not in the OpenAPI document`);
    return (at.steps ??= middleware(structuredClone(at.document)));
  };

  const toIssues = (err: LibraryError, req: Request): unknown => {
    const status = err.status;
    if (status === 404) return new RouteNotFoundError(req.method, req.originalUrl.split('?')[0] ?? req.path);
    if (status === 405) return new MethodNotAllowedError(req.method, req.originalUrl.split('?')[0] ?? req.path, (err.headers?.Allow ?? '').split(/,\s*/).filter(Boolean));
    if (status === 415) return new UnsupportedMediaTypeError(String(req.headers['content-type'] ?? ''));
    if (status !== 400 || !Array.isArray(err.errors)) return err;
    const operationId = (req as Request & { openapi?: { schema?: { operationId?: string } } }).openapi?.schema?.operationId;
    const issues: ValidationIssue[] = [];
    const seen = new Set<string>();
    // A field name refused by `propertyNames` comes as two errors at the object: the name rule's
    // own (`not`) and `propertyNames`; the second is reported, once.
    const badNames = new Set(err.errors.filter((e) => e.errorCode === 'propertyNames.openapi.validation').map((e) => e.path));
    for (const e of err.errors) {
      if (e.errorCode === 'not.openapi.validation' && badNames.has(e.path)) continue;
      const issue = issueOf(e, operationId, req.body as unknown);
      if (!issue) continue;
      const key = `${issue.location}\u0000${issue.field}\u0000${issue.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      issues.push(issue);
    }
    return issues.length > 0 ? new RequestValidationError(issues) : err;
  };

  const issueOf = (e: NonNullable<LibraryError['errors']>[number], operationId: string | undefined, body: unknown): ValidationIssue | undefined => {
    const segments = segmentsOf(e.path ?? '');
    const code = e.errorCode?.replace(/\.openapi\.validation$/, '');
    const [first, ...rest] = segments;
    // With a discriminator the library validates the body alone: its paths start inside the body.
    const location = first !== undefined && LOCATIONS[first] ? LOCATIONS[first] : 'body';
    const field = fieldPath(first !== undefined && LOCATIONS[first] ? rest : segments);
    const at = (message: string, missing = false): ValidationIssue => ({ location, field, message, ...(missing ? { missing } : {}) });
    switch (code) {
      case undefined:
        // The library's two refusals of a query value by name: an undeclared name is an unknown
        // parameter; a declared one is its reserved-character rule, whose wording is kept.
        if (first === 'query' && rest.length === 1) {
          const declared = operationId !== undefined && doc.operations.get(operationId)?.parameters.some((p) => p.in === 'query' && p.name === rest[0]);
          return at(declared ? (e.message ?? 'is invalid') : 'is not a parameter of this operation');
        }
        return discriminatorIssue(operationId) ?? at(e.message ?? 'is invalid');
      case 'discriminator':
        return nestedDiscriminatorIssue(operationId, location, segments.slice(first !== undefined && LOCATIONS[first] ? 1 : 0), body);
      case 'required':
        return at('is required', true);
      case 'additionalProperties':
        return at('is not a field of this object');
      case 'not':
        // Outside a field-name rule the documents write `not` only as `not: {}` (checked at load): "no value allowed".
        return at('must be absent');
      case 'propertyNames':
        return at('has a field name that is not allowed (empty, with brackets, __proto__, or over 255 characters)');
      case 'if':
        return undefined; // the failing `then` is reported by its own keywords
      default:
        return at(e.message ?? `is invalid (${code})`);
    }
  };

  /**
   * Ajv's discriminator refusal at `segments` of the body: the tag is missing, not a string, or
   * none of the branches' values. Which one is read from the request's value, the allowed values
   * from the document's schema at that place.
   */
  const nestedDiscriminatorIssue = (operationId: string | undefined, location: ValidationIssue['location'], segments: string[], body: unknown): ValidationIssue | undefined => {
    const root = operationId ? doc.operations.get(operationId)?.body : undefined;
    let schema = root ? doc.resolve(root) : undefined;
    let value: unknown = body;
    for (const seg of segments) {
      if (!schema) break;
      const next = /^\d+$/.test(seg) && isObject(schema.items) ? schema.items : (schema.properties as Record<string, Schema> | undefined)?.[seg];
      schema = isObject(next) ? doc.resolve(next) : undefined;
      value = isObject(value) || Array.isArray(value) ? (value as Record<string, unknown>)[seg] : undefined;
    }
    const d = schema?.discriminator;
    if (!schema || !isObject(d) || typeof d.propertyName !== 'string') return undefined;
    const tag = d.propertyName;
    const field = fieldPath([...segments, tag]);
    const given = isObject(value) ? value[tag] : undefined;
    if (given === undefined) return { location, field, message: 'is required', missing: true };
    if (typeof given !== 'string') return { location, field, message: 'must be a string' };
    return { location, field, message: `must be equal to one of the allowed values: ${tagValues(schema, tag).map(String).join(', ')}` };
  };

  const tagValues = (schema: Schema, tag: string): unknown[] =>
    ((schema.oneOf ?? []) as Schema[]).flatMap((b) => {
      const p = (doc.resolve(b).properties as Record<string, Schema> | undefined)?.[tag];
      const s = p ? doc.resolve(p) : undefined;
      return s?.const !== undefined ? [s.const] : Array.isArray(s?.enum) ? s.enum : [];
    });

  /** The library's discriminator refusal (a tag no branch has), from the document's discriminator. */
  const discriminatorIssue = (operationId: string | undefined): ValidationIssue | undefined => {
    if (!operationId) return undefined;
    const body = doc.operations.get(operationId)?.body;
    const schema = body ? doc.resolve(body) : undefined;
    const d = schema?.discriminator;
    if (!isObject(d) || typeof d.propertyName !== 'string') return undefined;
    const tag = d.propertyName;
    const values = isObject(d.mapping)
      ? Object.keys(d.mapping)
      : ((schema!.oneOf ?? []) as Schema[]).flatMap((b) => {
          const p = (doc.resolve(b).properties as Record<string, Schema> | undefined)?.[tag];
          const s = p ? doc.resolve(p) : undefined;
          return s?.const !== undefined ? [s.const] : Array.isArray(s?.enum) ? s.enum : [];
        });
    return { location: 'body', field: tag, message: `must be equal to one of the allowed values: ${values.map(String).join(', ')}` };
  };

  /** The library's steps over one request, as Express would run them; `next` is bound to this state, not a closure per step. */
  interface Run {
    i: number;
    steps: RequestHandler[];
    req: Request;
    res: Response;
    done: NextFunction;
    next: NextFunction;
  }
  function nextStep(this: Run, err?: unknown): void {
    if (err) return this.done(toIssues(err as LibraryError, this.req));
    const step = this.steps[this.i++];
    if (!step) return this.done();
    try {
      const ret = step(this.req, this.res, this.next) as unknown;
      if (ret instanceof Promise) ret.then(undefined, this.next);
    } catch (e) {
      this.next(e);
    }
  }
  const validate = (operationId: string, req: Request, res: Response, done: NextFunction): void => {
    const run = { i: 0, steps: stepsOf(operationId), req, res, done } as Run;
    run.next = nextStep.bind(run) as NextFunction;
    run.next();
  };
  return { validate, responses: options.responses };
}

/** Whether an operation of `doc` takes a `multipart/form-data` body (the library's uploader reads it). */
export function declaresMultipart(doc: Schema): boolean {
  return eachOperation(doc, { sections: ['paths'] }).some(({ operation }) => {
    const body = requestBodyOf(doc, operation);
    return isObject(body?.content) && Object.keys(body.content).some((type) => type.toLowerCase().startsWith('multipart/'));
  });
}

/**
 * The error mapping reads `not` as "must be absent": true only while every `not` outside a
 * `propertyNames` rule (whose errors are reported as the rule's) is `not: {}`.
 */
function assertOnlyEmptyNot(doc: unknown): void {
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!isObject(v)) return;
    if ('propertyNames' in v) return Object.entries(v).forEach(([k, x]) => k !== 'propertyNames' && walk(x));
    if ('not' in v && !(isObject(v.not) && Object.keys(v.not).length === 0)) throw new Error('the validation error mapping reads `not` as `not: {}` only; this document has another');
    for (const x of Object.values(v)) walk(x);
  };
  walk(doc);
}
