// The validation pass of an API, against its OpenAPI document. Requests: the wire pre-pass
// (scalar-coercion.ts: canonical numeric and boolean text, the document's defaults, undeclared
// body fields dropped), then express-openapi-validator's public middleware (openapi-validator.ts),
// the one check. Responses: the same library instance checks what goes through `res.json`.
import type { ValidationIssue } from '../core/errors.ts';
import { ApiDocument, type Schema } from './document.ts';
import { libraryPass, type LibraryPass } from './openapi-validator.ts';
import { applyPlan, coercionPlan, topLevelFields, type CoercionPlan } from './scalar-coercion.ts';

export interface ValidationMode {
  requests: boolean;
  responses: boolean;
}

/** What the pre-pass reads of a request. */
export interface RequestInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** Coerce canonical numeric and boolean strings of the body (form bodies; JSON in the merchant and partner APIs). */
  coerceBody: boolean;
  /** Top-level body fields to coerce all the same (exchange: fields of a JSON body that came from the URL query). */
  coerceFields?: readonly string[] | undefined;
}

/** The request as the pre-pass leaves it: canonical scalars typed, defaults applied, undeclared body fields dropped. */
export interface PreparedRequest {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** Body fields the document does not know, dropped (decision M-plugin-fields), by path; absent when none. */
  ignored?: string[];
  /**
   * Query and path values that are not the canonical text of the number or boolean their schema
   * wants (with request validation on): the library coerces such text itself (`limit=1.0` would be 1),
   * so these are reported beside its errors.
   */
  issues: ValidationIssue[];
}

export interface ApiValidator {
  readonly mode: ValidationMode;
  /** The wire pre-pass of `operationId`'s request. */
  prepareRequest(operationId: string, input: RequestInput): PreparedRequest;
  /** express-openapi-validator over the prepared request, and the responses with `mode.responses` (undefined with request validation off). */
  readonly library: LibraryPass | undefined;
  /** The top-level fields of the operation's body (exchange: the ones that may come in the URL query). */
  bodyFields(operationId: string): Set<string>;
}

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

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
  /** Query and path parameters whose schema wants a number or a boolean: its JSON Schema type. */
  scalars: { location: 'path' | 'query'; name: string; type: string }[];
}

/** The parameters of one location as an object schema (for the coercion plan; unknown names are kept for the library to refuse). */
function partSchema(params: { name: string; schema?: Schema }[]): Schema {
  return { type: 'object', properties: Object.fromEntries(params.map((p) => [p.name, p.schema ?? {}])), additionalProperties: false };
}

/** A validator over `doc` (a parsed OpenAPI 3.1 document). Operations are prepared on first use. */
export function loadApiValidator(docObject: Record<string, unknown>, mode: ValidationMode): ApiValidator {
  const doc = new ApiDocument(docObject);
  const library = mode.requests ? libraryPass(docObject, { responses: mode.responses }) : undefined;
  const compiled = new Map<string, Compiled>();

  const scalarType = (s: Schema | undefined): string | undefined => {
    const r = s ? doc.resolve(s) : undefined;
    const types = Array.isArray(r?.type) ? (r.type as string[]) : typeof r?.type === 'string' ? [r.type] : [];
    const t = types.filter((x) => x !== 'null');
    return t.length === 1 && (t[0] === 'integer' || t[0] === 'number' || t[0] === 'boolean') ? t[0] : undefined;
  };

  const compile = (operationId: string): Compiled => {
    const op = doc.operation(operationId);
    const inPart = (location: 'path' | 'query') => op.parameters.filter((p) => p.in === location);
    const scalars: Compiled['scalars'] = [];
    for (const location of ['path', 'query'] as const) {
      for (const p of inPart(location)) {
        const type = scalarType(p.schema);
        if (type) scalars.push({ location, name: p.name, type });
      }
    }
    return {
      // The document's defaults are the library's (its Ajv's useDefaults); without it, the pre-pass's.
      path: coercionPlan(doc, partSchema(inPart('path')), !library),
      query: coercionPlan(doc, partSchema(inPart('query')), !library),
      body: coercionPlan(doc, op.body, !library),
      scalars,
    };
  };
  const of = (operationId: string): Compiled => {
    let c = compiled.get(operationId);
    if (!c) compiled.set(operationId, (c = compile(operationId)));
    return c;
  };

  return {
    mode,
    library,
    prepareRequest(operationId, input) {
      const c = of(operationId);
      const ignored: string[] = [];
      const out: PreparedRequest = {
        params: applyPlan({ ...input.params }, c.path) as Record<string, unknown>,
        query: applyPlan({ ...input.query }, c.query) as Record<string, unknown>,
        body: input.body !== undefined ? prepareBody(c.body, input, ignored) : undefined,
        issues: [],
      };
      if (ignored.length) out.ignored = ignored;
      if (mode.requests) {
        for (const { location, name, type } of c.scalars) {
          const value = (location === 'path' ? out.params : out.query)[name];
          if (typeof value === 'string') out.issues.push({ location, field: name, message: `must be ${type}` });
        }
      }
      return out;
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
