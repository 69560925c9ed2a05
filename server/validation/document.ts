// One API document as the request path reads it: its operations by operationId (parameters, body
// schema, responses) and `$ref` resolution inside it. Both the validator (document-validator.ts)
// and the coercion plans (scalar-coercion.ts) are built from this, so there is one schema. The
// walking and the `$ref`s are the one reader's (contracts/shared/openapi-walk.ts).
import { eachOperation, isRecord, parametersOf, requestBodyOf, resolveRef, responsesOf } from '../../contracts/shared/openapi-walk.ts';

export type Schema = { [key: string]: unknown };

export interface DocParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
  allowReserved?: boolean;
}

export interface DocOperation {
  operationId: string;
  method: string;
  path: string;
  parameters: DocParameter[];
  /** The JSON media type's schema (form bodies are read into the same shape). */
  body?: Schema;
  bodyRequired: boolean;
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

export class ApiDocument {
  readonly operations = new Map<string, DocOperation>();

  constructor(readonly doc: Schema) {
    for (const at of eachOperation(doc, { sections: ['paths'] })) {
      const op = at.operation;
      if (typeof op.operationId !== 'string') continue;
      const requestBody = requestBodyOf(doc, op);
      const content = isRecord(requestBody?.content) ? requestBody.content : {};
      const media = Object.entries(content).find(([type]) => /json/i.test(type))?.[1] ?? Object.values(content)[0];
      this.operations.set(op.operationId, {
        operationId: op.operationId,
        method: at.method,
        path: at.path,
        parameters: parametersOf(doc, at) as unknown as DocParameter[],
        ...(isRecord(media) && isRecord(media.schema) ? { body: media.schema } : {}),
        bodyRequired: requestBody?.required === true,
        responses: responsesOf(doc, op) as DocOperation['responses'],
      });
    }
  }

  operation(operationId: string): DocOperation {
    const op = this.operations.get(operationId);
    if (!op) throw new Error(`operation ${operationId} is not in the OpenAPI document`);
    return op;
  }

  /** Follows `$ref` (local JSON pointers) until a schema without one; other keywords beside a `$ref` are dropped. */
  resolve(schema: Schema): Schema {
    const target = resolveRef(this.doc, schema);
    if (!isRecord(target)) throw new Error(`a $ref of ${JSON.stringify(schema)} does not resolve to a schema object`);
    return target;
  }
}
