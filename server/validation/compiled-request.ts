// Request validation of one operation, compiled once. It uses the package's own parameter and body
// schema parsers, its Ajv instances (coercion of query and path values, defaults) and its error
// types, so results and messages are the package's. What it leaves out is the per-request set-up
// of the package's middleware (content-type parsing for a cache key, a parameter mutator object,
// a URL re-parse, redefining `query` on the request), which costs more than validating.
// Operations with parameters that need the mutator (arrays, objects, `content`, styles) are not
// compiled: `compileRequest` returns undefined and the caller uses the package's middleware.
import { BadRequest } from 'express-openapi-validator/dist/framework/types.js';
import { BodySchemaParser } from 'express-openapi-validator/dist/middlewares/parsers/body.parse.js';
import { ParametersSchemaParser } from 'express-openapi-validator/dist/middlewares/parsers/schema.parse.js';
import { ContentType, ajvErrorsToValidatorError, augmentAjvErrors, useAjvCache } from 'express-openapi-validator/dist/middlewares/util.js';

/** What request validation reads of a request (openapi-validator.ts). */
export interface RequestInput {
  method: string;
  originalUrl: string;
  headers: Request['headers'];
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

export interface ValidatedParts {
  query: Record<string, unknown>;
  params: Record<string, unknown>;
}
import type { Request } from 'express';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; required?: string[]; allowEmptyValue?: Set<string> };
type AjvFn = ((data: unknown) => boolean) & { errors?: unknown[] | null };
interface AjvLike {
  getSchema(key: string): AjvFn | undefined;
  errorsText(errors: unknown, opts: { dataVar: string }): string;
}
interface Parameter {
  name: string;
  in: string;
  schema?: Schema;
  content?: unknown;
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
}

// The package's rule: a query value must not carry reserved characters unencoded.
const RESERVED_CHARS = /[:/?#[\]@!$&'()*+,;=]/;
const SCALAR = new Set(['string', 'integer', 'number', 'boolean']);
const EMPTY = Object.freeze({});

export type CompiledRequest = (input: RequestInput) => ValidatedParts;

/** Compiles the validation of one operation, or returns undefined when it needs the package's full middleware. */
export function compileRequest(
  operationId: string,
  route: string,
  operation: Record<string, unknown>,
  apiDoc: { paths?: unknown; components?: { schemas?: Record<string, Schema> } },
  ajv: { general: AjvLike; body: AjvLike },
): CompiledRequest | undefined {
  const parameters = (operation.parameters ?? []) as Parameter[];
  const deref = (s: Schema | undefined): Schema | undefined =>
    typeof s?.$ref === 'string' ? apiDoc.components?.schemas?.[s.$ref.replace(/^.*\//, '')] : s;
  const simple = parameters.every((p) => {
    const s = deref(p.schema);
    const type = s?.type ?? (Array.isArray(s?.enum) ? 'string' : undefined);
    return p.content === undefined && typeof type === 'string' && SCALAR.has(type) && ['query', 'path', 'header'].includes(p.in);
  });
  if (!simple) return undefined;

  const parsed = new ParametersSchemaParser(ajv.general as never, apiDoc as never).parse(route, parameters as never) as unknown as Record<string, Schema>;
  const requestBody = operation.requestBody as { required?: boolean } | undefined;
  const bodySchema = requestBody ? new BodySchemaParser().parse(route, operation as never, ContentType.fromString('application/json')) : {};
  // The same two schemas the package's Validator builds (general: parameters; body: the body).
  const general = useAjvCache(ajv.general as never, {
    paths: apiDoc.paths, components: apiDoc.components, required: ['query', 'headers', 'params'], properties: { ...parsed, body: {} },
  }, `${operationId}-compiled-general`) as unknown as AjvFn;
  const body = useAjvCache(ajv.body as never, {
    paths: apiDoc.paths, components: apiDoc.components,
    properties: { query: {}, headers: {}, params: {}, cookies: {}, body: bodySchema },
    ...(requestBody?.required ? { required: ['body'] } : {}),
  }, `${operationId}-compiled-body`) as unknown as AjvFn;

  const queryParams = parameters.filter((p) => p.in === 'query');
  const known = new Set(queryParams.map((p) => p.name));
  const allowEmpty = parsed.query?.allowEmptyValue ?? new Set<string>();
  const strictChars = queryParams.filter((p) => !p.allowReserved).map((p) => ({ name: p.name, allowComma: !p.explode }));
  const needsHeaders = parameters.some((p) => p.in === 'header');

  const fail = (path: string, message: string): never => {
    throw new BadRequest({ path, message });
  };

  return function validateCompiled(input) {
    const query: Record<string, unknown> = { ...input.query };
    for (const key of Object.keys(query)) {
      if (!known.has(key)) fail(`/query/${key}`, `Unknown query parameter '${key}'`);
      if (query[key] === '' && !allowEmpty.has(key)) fail(`/query/${key}`, `Empty value found for query parameter '${key}'`);
    }
    const q = input.originalUrl.indexOf('?');
    if (q >= 0 && strictChars.length > 0) {
      for (const pair of input.originalUrl.slice(q + 1).split('&')) {
        const [k, v] = pair.split('=');
        const rule = strictChars.find((c) => c.name === k);
        if (rule && v !== undefined && (rule.allowComma ? v.split(',') : [v]).some((x) => RESERVED_CHARS.test(x))) {
          fail(`/query/${k}`, `Parameter '${k}' must be url encoded. Its value may not contain reserved characters.`);
        }
      }
    }
    const data = { query, headers: needsHeaders ? input.headers : EMPTY, params: { ...input.params }, cookies: undefined, body: input.body };
    const ok = general(data);
    const okBody = body(data);
    if (ok && okBody) return { query: data.query, params: data.params };
    const errors = augmentAjvErrors([...(general.errors ?? []), ...(body.errors ?? [])] as never);
    const error = new BadRequest({ path: input.originalUrl.split('?')[0] ?? '', message: ajv.general.errorsText(errors, { dataVar: 'request' }) });
    (error as unknown as { errors: unknown }).errors = ajvErrorsToValidatorError(400, errors).errors;
    throw error;
  };
}
