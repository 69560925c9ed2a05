// The one validation pass of a request, against the API's OpenAPI document: per operation, compiled
// once (on its first request) into a coercion plan of each request part (scalar-coercion.ts) and one
// Ajv 2020 function over `{path, query, body}` (formats in ajv-formats' full mode; an OpenAPI
// `discriminator` selects the `oneOf` branch, so only the selected branch's errors are reported).
// Per request: coerce and fill defaults, validate, and either return the validated parts (what the
// handler gets) or throw RequestValidationError built from Ajv's structured errors (issues.ts).
// Responses are validated by the same Ajv instance against the declared response of the status.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { RequestValidationError, type ValidationIssue } from '../errors.ts';
import { InternalFailure } from '../http/failure.ts';
import { ApiDocument, type DocOperation, type Schema } from './document.ts';
import { issuesOf } from './issues.ts';
import { applyPlan, coercionPlan, topLevelFields, type CoercionPlan } from './scalar-coercion.ts';

// ajv-formats is CommonJS; under NodeNext its default export is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020, options: { mode: 'full' }) => Ajv2020;

/** An Ajv with ajv-formats, as every validator uses it. */
function newAjv(options: { validateSchema: boolean }): Ajv2020 {
  // strict off: OpenAPI adds keywords (example, x-...) that JSON Schema does not know.
  // verbose: a discriminator error carries its schema, whose branches list the allowed tags.
  return addFormats(new Ajv2020({ strict: false, allErrors: true, discriminator: true, verbose: true, validateFormats: true, ...options }), { mode: 'full' });
}

let schemaChecker: Ajv2020 | undefined;

/**
 * Throws, as Ajv itself would ("schema is invalid: ..."), when `schema` is not a valid JSON Schema
 * 2020-12. Every schema a validator adds or compiles goes through here first: one Ajv of the same
 * options per process checks them all, so the meta-schema is compiled once, not once per validator
 * (a quarter of a server's start with validation on).
 */
function checked<S extends Schema>(schema: S): S {
  (schemaChecker ??= newAjv({ validateSchema: true })).validateSchema(schema, true);
  return schema;
}

export interface ValidationMode {
  requests: boolean;
  responses: boolean;
}

/** What request validation reads of a request. */
export interface RequestInput {
  /** The URL as sent (for the `allowReserved` rule: a query value must not carry reserved characters unencoded). */
  originalUrl: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** Coerce canonical numeric and boolean strings of the body (form bodies; JSON in the merchant and partner APIs). */
  coerceBody: boolean;
  /** Top-level body fields to coerce all the same (exchange: fields of a JSON body that came from the URL query). */
  coerceFields?: readonly string[] | undefined;
}

/** The request as the handler gets it: coerced, defaults applied, undeclared body fields dropped, valid. */
export interface ValidatedRequest {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** Body fields the document does not know, dropped (decision M-plugin-fields), by path; absent when none. */
  ignored?: string[];
}

export interface ApiValidator {
  readonly mode: ValidationMode;
  /** Prepares and (unless `mode.requests` is off) validates the request of `operationId`. */
  validateRequest(operationId: string, input: RequestInput): ValidatedRequest;
  /** Checks a response body against the declared response of `status`; throws InternalFailure when it does not match. */
  validateResponse(operationId: string, status: number, body: unknown): void;
  /** The top-level fields of the operation's body (exchange: the ones that may come in the URL query). */
  bodyFields(operationId: string): Set<string>;
}

const BASE = 'urn:openapi:document';
const RESERVED_CHARS = /[:/?#[\]@!$&'()*+,;=]/;
const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A copy of `value` with local references pointing into the document added to Ajv under BASE, and
 * without `discriminator.mapping` (Ajv selects the branch by the `const`/`enum` each branch gives
 * the tag; the mapping says the same, and Ajv refuses to compile one).
 */
function rebase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rebase);
  if (!isObject(value)) return value;
  const out: Schema = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#')) out[k] = BASE + v;
    else if (k === 'discriminator' && isObject(v)) out[k] = { propertyName: v.propertyName };
    else out[k] = rebase(v);
  }
  return out;
}

function prepareBody(plan: CoercionPlan, input: RequestInput, dropped: string[]): unknown {
  const body = input.body;
  if (!input.coerceBody && input.coerceFields && plan.kind === 'object' && isObject(body)) {
    for (const k of input.coerceFields) {
      const p = plan.fields.get(k) ?? plan.rest;
      if (p && Object.hasOwn(body, k)) body[k] = applyPlan(body[k], p, true);
    }
  }
  return applyPlan(body, plan, input.coerceBody, dropped);
}

interface Compiled {
  path: CoercionPlan;
  query: CoercionPlan;
  body: CoercionPlan;
  bodyRequired: boolean;
  /** Query parameters whose value must not carry reserved characters unencoded. */
  strict: Set<string>;
  validate: ValidateFunction | undefined;
  responses: Map<string, ValidateFunction | null>;
}

/** The parameters of one location as an object schema: unknown names are refused. */
function partSchema(op: DocOperation, location: 'path' | 'query'): Schema {
  const params = op.parameters.filter((p) => p.in === location);
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema ?? {}])),
    required: params.filter((p) => p.required === true || location === 'path').map((p) => p.name),
    additionalProperties: false,
  };
}

/** A validator over `doc` (a parsed OpenAPI 3.1 document). Synchronous; operations compile on first use. */
export function loadApiValidator(docObject: Record<string, unknown>, mode: ValidationMode): ApiValidator {
  const doc = new ApiDocument(docObject);
  // Nothing to compile when nothing is validated (VALIDATE=none): no Ajv at all (compiling its
  // meta-schema for addSchema was a third of a server process's start).
  const ajv = mode.requests || mode.responses ? newAjv({ validateSchema: false }) : undefined;
  ajv?.addSchema(checked({ $id: BASE, components: rebase(docObject.components ?? {}) }));
  const resolve = (s: Schema): Schema => {
    let r = s;
    for (let i = 0; i < 32 && typeof r.$ref === 'string'; i++) r = doc.pointer(r.$ref.startsWith(BASE) ? r.$ref.slice(BASE.length) : r.$ref);
    return r;
  };
  const compiled = new Map<string, Compiled>();

  const compile = (operationId: string): Compiled => {
    const op = doc.operation(operationId);
    const path = partSchema(op, 'path');
    const query = partSchema(op, 'query');
    const whole: Schema = {
      type: 'object',
      properties: { path, query, ...(op.body ? { body: op.body } : {}) },
      required: ['path', 'query', ...(op.bodyRequired ? ['body'] : [])],
    };
    return {
      path: coercionPlan(doc, path),
      query: coercionPlan(doc, query),
      body: coercionPlan(doc, op.body),
      bodyRequired: op.bodyRequired,
      strict: new Set(op.parameters.filter((p) => p.in === 'query' && p.allowReserved !== true).map((p) => p.name)),
      validate: mode.requests ? ajv!.compile(checked(rebase(whole) as Schema)) : undefined,
      responses: new Map(),
    };
  };
  const of = (operationId: string): Compiled => {
    let c = compiled.get(operationId);
    if (!c) compiled.set(operationId, (c = compile(operationId)));
    return c;
  };

  /**
   * The one parameter rule of OpenAPI itself beside the schemas: reserved characters encoded
   * (`allowReserved` false). Whether a value may be empty is the schema's (`minLength`), not a rule of ours.
   */
  const reservedIssues = (c: Compiled, url: string): ValidationIssue[] => {
    const q = url.indexOf('?');
    if (q < 0 || c.strict.size === 0) return [];
    const out: ValidationIssue[] = [];
    for (const pair of url.slice(q + 1).split('&')) {
      const eq = pair.indexOf('=');
      const k = eq < 0 ? pair : pair.slice(0, eq);
      if (eq >= 0 && c.strict.has(k) && RESERVED_CHARS.test(pair.slice(eq + 1))) {
        out.push({ location: 'query', field: k, message: `Parameter '${k}' must be url encoded. Its value may not contain reserved characters.` });
      }
    }
    return out;
  };

  return {
    mode,
    validateRequest(operationId, input) {
      const c = of(operationId);
      const ignored: string[] = [];
      const data = {
        path: applyPlan({ ...input.params }, c.path),
        query: applyPlan({ ...input.query }, c.query),
        ...(input.body !== undefined ? { body: prepareBody(c.body, input, ignored) } : {}),
      } as { path: Record<string, unknown>; query: Record<string, unknown>; body?: unknown };
      if (c.validate) {
        const reserved = reservedIssues(c, input.originalUrl);
        if (!c.validate(data) || reserved.length > 0) throw new RequestValidationError([...reserved, ...issuesOf(c.validate.errors ?? [], resolve)]);
      }
      return { params: data.path, query: data.query, body: data.body, ...(ignored.length ? { ignored } : {}) };
    },
    validateResponse(operationId, status, body) {
      if (!mode.responses) return;
      const c = of(operationId);
      const key = String(status);
      let fn = c.responses.get(key);
      if (fn === undefined) {
        const responses = doc.operation(operationId).responses;
        const declared = responses[key] ?? responses[`${key[0]}XX`] ?? responses.default;
        if (!declared) throw new InternalFailure(undefined, `response failed validation: status ${key} is not declared by ${operationId}`);
        const content = declared.content ?? {};
        const media = content['application/json'] ?? Object.values(content)[0];
        fn = media?.schema ? ajv!.compile(checked(rebase(media.schema) as Schema)) : null;
        c.responses.set(key, fn);
      }
      if (fn === null) {
        if (body === undefined) return;
        throw new InternalFailure(undefined, `response failed validation: ${operationId} declares no body for ${key}`);
      }
      if (fn(body)) return;
      const detail = (fn.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`).join('; ');
      throw new InternalFailure(undefined, `response failed validation: ${operationId} ${key}: ${detail}`);
    },
    bodyFields: (operationId) => topLevelFields(doc, doc.operation(operationId).body),
  };
}

const shared = new WeakMap<Record<string, unknown>, Map<string, ApiValidator>>();

/**
 * One validator per document and mode, shared by every app built in the process (tests build
 * many): compiling is the slow part, and a validator holds no per-request state.
 */
export function sharedApiValidator(doc: Record<string, unknown>, mode: ValidationMode): ApiValidator {
  let byMode = shared.get(doc);
  if (!byMode) shared.set(doc, (byMode = new Map()));
  const key = `${mode.requests}/${mode.responses}`;
  let v = byMode.get(key);
  if (!v) byMode.set(key, (v = loadApiValidator(doc, mode)));
  return v;
}
