// One express-openapi-validator instance per API, driven per operation. The package's own
// middleware chain finds the operation of every request by compiling the path of every route with
// path-to-regexp, per request, and waits on a promise per middleware; that, not validation, is
// most of its cost (see server/README.md, "Validation tax"). Our Express router already knows the
// operation, so we hand it over as `req.openapi` and call the package's request and response
// validators directly: the same loading, preprocessing, Ajv schemas and coercion, without the lookup.
import type { NextFunction, Request, Response } from 'express';
import { OpenApiValidator } from 'express-openapi-validator/dist/openapi.validator.js';
import { OpenApiSpecLoader } from 'express-openapi-validator/dist/framework/openapi.spec.loader.js';
import { SchemaPreprocessor } from 'express-openapi-validator/dist/middlewares/parsers/schema.preprocessor.js';
import { RequestValidator } from 'express-openapi-validator/dist/middlewares/openapi.request.validator.js';
import { ResponseValidator } from 'express-openapi-validator/dist/middlewares/openapi.response.validator.js';
import { compileRequest, type CompiledRequest, type RequestInput, type ValidatedParts } from './compiled-request.ts';

export type { RequestInput, ValidatedParts };

export interface ValidationMode {
  requests: boolean;
  responses: boolean;
}

type Doc = Record<string, unknown>;

/** What of a request the validator reads. */
type OperationObject = { responses?: Record<string, unknown> } & Record<string, unknown>;
type ResponseValidators = Record<string, unknown>;

/** The request and response validators of one API document, ready to use (the spec loads asynchronously). */
export interface ApiValidator {
  /**
   * Validates (and coerces, applying defaults) the request of `operationId`; returns the
   * validated query and path parameters, or throws the package's HttpError.
   */
  validateRequest(operationId: string, input: RequestInput, res: Response): ValidatedParts;
  /** Validates a response body against the declared response of `status`; throws on failure. */
  validateResponse(operationId: string, status: number, body: unknown, path: string): void;
  readonly mode: ValidationMode;
}

interface Located {
  openApiRoute: string;
  expressRoute: string;
  schema: OperationObject;
  responseSchema: OperationObject | undefined;
  responseValidators?: ResponseValidators;
  /** Compiled request validation; null when the operation needs the package's full middleware. */
  compiled?: CompiledRequest | null;
}

/** Loads `doc` (a parsed OpenAPI 3.1 document) into one validator instance. */
export async function loadApiValidator(doc: Doc, mode: ValidationMode): Promise<ApiValidator> {
  const oav = new OpenApiValidator({
    apiSpec: doc as never,
    validateApiSpec: false, // checked once by the test suite and `npm run check`, not at every start
    validateRequests: mode.requests ? { allowUnknownQueryParameters: false, coerceTypes: false, allErrors: true } : false,
    validateResponses: mode.responses ? { removeAdditional: false, coerceTypes: false, onError: undefined } : false,
    validateSecurity: false, // auth is our middleware, before validation (server/auth)
    fileUploader: false,
  });
  const spec = await new OpenApiSpecLoader({ apiDoc: structuredClone(doc) as never, validateApiSpec: false, $refParser: { mode: 'bundle' } }).load();
  const responseOpts = oav.options.validateResponses as never;
  const { apiDoc, apiDocRes } = new SchemaPreprocessor(spec.apiDoc, oav.ajvOpts.preprocessor, responseOpts).preProcess();
  const requestValidator = mode.requests ? new RequestValidator(apiDoc, oav.ajvOpts.request) : undefined;
  const responseValidator =
    mode.responses && apiDocRes ? new ResponseValidator(apiDocRes, oav.ajvOpts.response, responseOpts, spec.serial) : undefined;

  const operations = new Map<string, Located>();
  const paths = (apiDoc.paths ?? {}) as Record<string, Record<string, OperationObject>>;
  const resPaths = ((apiDocRes as unknown as Doc | null)?.paths ?? {}) as Record<string, Record<string, OperationObject>>;
  for (const route of spec.routes) {
    const pathKey = route.openApiRoute.substring(route.basePath.length);
    const method = route.method.toLowerCase();
    const schema = paths[pathKey]?.[method];
    const id = schema?.operationId;
    if (!schema || typeof id !== 'string' || operations.has(id)) continue; // one entry per operation (servers repeat routes)
    operations.set(id, { openApiRoute: route.openApiRoute, expressRoute: route.expressRoute, schema, responseSchema: resPaths[pathKey]?.[method] });
  }
  const locate = (operationId: string): Located => {
    const op = operations.get(operationId);
    if (!op) throw new Error(`operation ${operationId} is not in the OpenAPI document`);
    return op;
  };
  const noop: NextFunction = () => undefined;

  return {
    mode,
    validateRequest(operationId, input, res) {
      if (!requestValidator) return { query: input.query, params: input.params };
      const op = locate(operationId);
      if (op.compiled === undefined) {
        const ajv = requestValidator as unknown as { ajv: never; ajvBody: never };
        op.compiled = compileRequest(operationId, op.expressRoute, op.schema, apiDoc as never, { general: ajv.ajv, body: ajv.ajvBody }) ?? null;
      }
      if (op.compiled) return op.compiled(input);
      // The validator writes coerced values and defaults into what it is given, and redefines
      // `query` on it; hand it a plain object, not the request (see server/request-view.ts).
      const params = { ...input.params };
      const surrogate = {
        method: input.method,
        originalUrl: input.originalUrl,
        path: input.originalUrl.split('?')[0],
        headers: input.headers,
        params,
        query: { ...input.query },
        body: input.body,
        openapi: { expressRoute: op.expressRoute, openApiRoute: op.openApiRoute, pathParams: params, schema: op.schema, serial: spec.serial },
      };
      void requestValidator.validate(surrogate as never, res, noop); // synchronous: throws or calls noop
      return { query: surrogate.query, params: surrogate.params };
    },
    validateResponse(operationId, status, body, path) {
      if (!responseValidator) return;
      const op = locate(operationId);
      op.responseValidators ??= responseValidator._getOrBuildValidator(
        // The package keys its Ajv cache by `<method>-<route>-<type>`: make it unique per operation.
        { method: operationId, headers: {}, openapi: { expressRoute: op.expressRoute } } as never,
        (op.responseSchema?.responses ?? {}) as never,
      );
      // Fast path: the compiled Ajv function of this status and JSON. The package's `_validate`
      // first negotiates the content type by parsing media types on every call; we only answer
      // JSON, so when the body passes there is nothing to negotiate. Anything else (no schema for
      // the status, no content declared, a failure) goes through `_validate` for its exact error.
      const byType = (op.responseValidators as Record<string, Record<string, ((data: unknown) => boolean) | undefined> | undefined>)[String(status)];
      const validate = byType?.['application/json'];
      if (validate && body !== undefined && body !== null && validate({ response: body })) return;
      responseValidator._validate({
        validators: op.responseValidators as never,
        body: body as object,
        statusCode: status,
        path,
        accepts: ['application/json'],
      });
    },
  };
}

const shared = new WeakMap<Doc, Map<string, Promise<ApiValidator>>>();

/**
 * One validator per document and mode, shared by every app built in the process (tests build
 * many): loading and compiling is the slow part, and a validator holds no per-request state.
 */
export function sharedApiValidator(doc: Doc, mode: ValidationMode): Promise<ApiValidator> {
  let byMode = shared.get(doc);
  if (!byMode) shared.set(doc, (byMode = new Map()));
  const key = `${mode.requests}/${mode.responses}`;
  let v = byMode.get(key);
  if (!v) byMode.set(key, (v = loadApiValidator(doc, mode)));
  return v;
}
