// One API document as the request path reads it: its operations by operationId (parameters, body
// schema, responses) and `$ref` resolution inside it. Both the validator (document-validator.ts)
// and the coercion plans (scalar-coercion.ts) are built from this, so there is one schema.
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

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export class ApiDocument {
  readonly operations = new Map<string, DocOperation>();

  constructor(readonly doc: Schema) {
    const paths = isObject(doc.paths) ? doc.paths : {};
    for (const [path, item] of Object.entries(paths)) {
      if (!isObject(item)) continue;
      const shared = (Array.isArray(item.parameters) ? item.parameters : []) as Schema[];
      for (const method of METHODS) {
        const op = item[method];
        if (!isObject(op) || typeof op.operationId !== 'string') continue;
        const own = ((Array.isArray(op.parameters) ? op.parameters : []) as Schema[]).map((p) => this.resolve(p));
        const byKey = new Map<string, DocParameter>();
        for (const p of [...shared.map((s) => this.resolve(s)), ...own]) byKey.set(`${String(p.in)}:${String(p.name)}`, p as unknown as DocParameter);
        const requestBody = isObject(op.requestBody) ? this.resolve(op.requestBody) : undefined;
        const content = isObject(requestBody?.content) ? requestBody.content : {};
        const media = Object.entries(content).find(([type]) => /json/i.test(type))?.[1] ?? Object.values(content)[0];
        const responses: DocOperation['responses'] = {};
        for (const [status, r] of Object.entries(isObject(op.responses) ? op.responses : {})) responses[status] = this.resolve(r as Schema) as DocOperation['responses'][string];
        this.operations.set(op.operationId, {
          operationId: op.operationId,
          method,
          path,
          parameters: [...byKey.values()],
          ...(isObject(media) && isObject(media.schema) ? { body: media.schema } : {}),
          bodyRequired: requestBody?.required === true,
          responses,
        });
      }
    }
  }

  operation(operationId: string): DocOperation {
    const op = this.operations.get(operationId);
    if (!op) throw new Error(`operation ${operationId} is not in the OpenAPI document`);
    return op;
  }

  /** Follows `$ref` (local JSON pointers) until a schema without one; other keywords beside a `$ref` are dropped. */
  resolve(schema: Schema): Schema {
    let s = schema;
    for (let hops = 0; typeof s.$ref === 'string'; hops++) {
      if (hops > 32) throw new Error(`$ref loop at ${s.$ref}`);
      s = this.pointer(s.$ref);
    }
    return s;
  }

  pointer(ref: string): Schema {
    if (!ref.startsWith('#/')) throw new Error(`only local $ref is supported: ${ref}`);
    let at: unknown = this.doc;
    for (const raw of ref.slice(2).split('/')) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      at = isObject(at) ? at[key] : undefined;
    }
    if (!isObject(at)) throw new Error(`$ref ${ref} does not resolve`);
    return at;
  }
}
