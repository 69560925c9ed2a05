// The OpenAPI document as the runner sees it: one flat record per operation (parameters resolved,
// request body, declared responses with their media types and schemas, security kind).
import { readFileSync } from 'node:fs';
import YAML from 'yaml';
import { eachOperation, parametersOf, requestBodyOf, resolveRef, responsesOf } from '../../contracts/shared/openapi-walk.ts';
import exchange from '../../generated/openapi/exchange.document.ts';
import merchant from '../../generated/openapi/merchant.document.ts';
import partner from '../../generated/openapi/partner.document.ts';
import sandbox from '../../generated/openapi/sandbox.document.ts';

export type ApiId = 'exchange' | 'merchant' | 'partner' | 'sandbox';
/** What `--api all` runs; the sandbox control API (`--api sandbox`) resets and moves the sandbox, so only on request. */
export const API_IDS: readonly ApiId[] = ['exchange', 'merchant', 'partner'];

export type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = Record<string, unknown> & {
  servers?: { url: string }[];
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, JsonSchema>; parameters?: Record<string, unknown> };
};

export interface ParameterSpec {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  /** OpenAPI's `allowEmptyValue` (deprecated; the runner lets the schema decide whether `?name=` is valid). */
  allowEmptyValue: boolean;
  schema: JsonSchema;
  example?: unknown;
}

export interface HeaderSpec {
  /** Lower case, as fetch reports it. */
  name: string;
  required: boolean;
  schema?: JsonSchema;
}

/** An OpenAPI Link Object of a response: the operation it leads to and how its request is filled. */
export interface LinkSpec {
  name: string;
  operationId: string;
  /** Parameter name (or `path.name`, `query.name`) -> a value or runtime expression (`$response.body#/id`). */
  parameters: Record<string, unknown>;
  /** A value or runtime expression, or an object whose leaves are. */
  requestBody?: unknown;
}

export interface ResponseSpec {
  /** Declared media types (`application/json`); empty when the response has no body (204). */
  mediaTypes: string[];
  /** Declared response headers. */
  headers?: HeaderSpec[];
  /** Declared links (stateful flows follow them). */
  links?: LinkSpec[];
  /** Schema of the JSON media type, when there is one. */
  schema?: JsonSchema;
  example?: unknown;
}

export interface OperationSpec {
  api: ApiId;
  operationId: string;
  /** `options` only for the runner's probes of a path's methods (probes.ts). */
  method: 'get' | 'post' | 'put' | 'patch' | 'delete' | 'options';
  /** Path as written in the document, relative to the base path (`/tickers/{market}`). */
  path: string;
  parameters: ParameterSpec[];
  body?: {
    required: boolean;
    mediaType: string;
    schema: JsonSchema;
    example?: unknown;
    /** True when requestBody.content also declares application/x-www-form-urlencoded (driven with form.ts). */
    form?: boolean;
    /** The form media type's `encoding` (per property: style, explode), as declared. */
    formEncoding?: Record<string, { style?: string; explode?: boolean }>;
  };
  /** Keyed by status code as written (`200`, `4XX`, `default`). */
  responses: Record<string, ResponseSpec>;
  /** False for public operations (`security: []`), true when any requirement is declared. */
  secured: boolean;
  /** `x-required-permission` of the operation (`trade`, `refund:create`). */
  permission?: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const GENERATED: Record<ApiId, Record<string, unknown>> = { exchange, merchant, partner, sandbox };

/**
 * The generated document of `api` (carried as a module, generated/openapi/<api>.document.ts, so the
 * installed CLI needs no YAML file), or the YAML/JSON document in `file`. A fresh copy each call.
 */
export function loadDocument(api: ApiId, file?: string): OpenApiDocument {
  if (file === undefined) return structuredClone(GENERATED[api]) as OpenApiDocument;
  return YAML.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
}

/** `servers[0].url` when it is a path (`/api/v1`), or the path part of an absolute URL. */
export function basePathOf(doc: OpenApiDocument): string {
  const url = doc.servers?.[0]?.url ?? '';
  const path = /^[a-z]+:\/\//i.test(url) ? new URL(url).pathname : url;
  return path.replace(/\/$/, '');
}

function parameterOf(p: Record<string, unknown>): ParameterSpec {
  const schema = (p.schema ?? {}) as JsonSchema;
  return {
    name: String(p.name),
    in: p.in as ParameterSpec['in'],
    required: p.required === true || p.in === 'path',
    allowEmptyValue: p.allowEmptyValue === true,
    schema,
    ...('example' in p ? { example: p.example } : 'example' in schema ? { example: schema.example } : {}),
  };
}

type RawResponse = { content?: Record<string, { schema?: JsonSchema; example?: unknown }>; headers?: Record<string, unknown>; links?: Record<string, unknown> };

function responseOf(doc: OpenApiDocument, r: RawResponse): ResponseSpec {
  const content = r.content ?? {};
  const mediaTypes = Object.keys(content);
  const json = mediaTypes.find((m) => /json/i.test(m));
  const media = json ? content[json] : undefined;
  const headers = Object.entries(r.headers ?? {}).map(([name, h]): HeaderSpec => {
    const header = resolveRef(doc, h) as { required?: boolean; schema?: JsonSchema };
    return { name: name.toLowerCase(), required: header.required === true, ...(header.schema ? { schema: header.schema } : {}) };
  });
  const links = Object.entries(r.links ?? {}).flatMap(([name, l]): LinkSpec[] => {
    const link = resolveRef(doc, l) as { operationId?: unknown; parameters?: Record<string, unknown>; requestBody?: unknown };
    if (typeof link.operationId !== 'string') return []; // operationRef links are not followed
    return [{ name, operationId: link.operationId, parameters: link.parameters ?? {}, ...('requestBody' in link ? { requestBody: link.requestBody } : {}) }];
  });
  return {
    mediaTypes,
    headers,
    links,
    ...(media?.schema ? { schema: media.schema } : {}),
    ...(media && 'example' in media ? { example: media.example } : {}),
  };
}

/** Whether the body also travels as a form, and that media type's declared `encoding`. */
type FormEncoding = Record<string, { style?: string; explode?: boolean }>;

function formOf(content: Record<string, { encoding?: FormEncoding }>): { form?: true; formEncoding?: FormEncoding } {
  const key = Object.keys(content).find((m) => m.split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded');
  if (!key) return {};
  const encoding = content[key]!.encoding;
  return { form: true, ...(encoding ? { formEncoding: encoding } : {}) };
}

/** Every operation of the document, in document order. */
export function operationsOf(api: ApiId, doc: OpenApiDocument): OperationSpec[] {
  const rootSecured = Array.isArray(doc.security) && doc.security.length > 0;
  return eachOperation(doc, { sections: ['paths'], methods: METHODS }).map((at) => {
    const op = at.operation;
    const rawBody = requestBodyOf(doc, op);
    const content = (rawBody?.content ?? {}) as Record<string, { schema?: JsonSchema; example?: unknown; encoding?: FormEncoding }>;
    const mediaType = Object.keys(content).find((m) => /json/i.test(m));
    const media = mediaType ? content[mediaType] : undefined;
    const security = op.security as unknown[] | undefined;
    return {
      api,
      operationId: String(op.operationId ?? `${at.method} ${at.path}`),
      method: at.method as OperationSpec['method'],
      path: at.path,
      parameters: parametersOf(doc, at).map(parameterOf),
      ...(mediaType && media
        ? {
            body: {
              required: rawBody?.required === true, mediaType, schema: media.schema ?? {},
              ...('example' in media ? { example: media.example } : {}),
              ...formOf(content),
            },
          }
        : {}),
      responses: Object.fromEntries(Object.entries(responsesOf(doc, op)).map(([status, r]) => [status, responseOf(doc, r as RawResponse)])),
      secured: security ? security.length > 0 && security.some((s) => Object.keys(s as object).length > 0) : rootSecured,
      ...(typeof op['x-required-permission'] === 'string' ? { permission: op['x-required-permission'] } : {}),
    };
  });
}

/** The declared response for a status: exact code first, then `4XX`-style ranges, then `default`. */
export function declaredResponse(op: OperationSpec, status: number): { key: string; response: ResponseSpec } | undefined {
  for (const key of [String(status), `${String(status)[0]}XX`, 'default']) {
    const response = op.responses[key] ?? op.responses[key.toLowerCase()];
    if (response) return { key, response };
  }
  return undefined;
}
