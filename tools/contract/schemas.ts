// JSON Schema support over one OpenAPI document: an Ajv 2020 validator that resolves the
// document's `#/components/...` references, and `flatten`, which resolves `$ref` and merges `allOf`
// so the generators see one plain schema.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { resolveRef, rewriteRefs } from '../../contracts/shared/openapi-walk.ts';
import type { JsonSchema, OpenApiDocument } from './document.ts';

// ajv-formats is CommonJS; under NodeNext its default export is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export interface SchemaValidator {
  /** True when the value is valid; `errors` then holds the reasons of the last failure. */
  (value: unknown): boolean;
  errors: ErrorObject[] | null | undefined;
}

export class SchemaKit {
  private readonly ajv: Ajv2020;
  private readonly cache = new Map<JsonSchema, ValidateFunction>();
  // Operations repeat the same schema in distinct objects (a parameter, a header): compiled once by content.
  private readonly byText = new Map<string, ValidateFunction>();
  private readonly base: string;
  private readonly flat = new WeakMap<JsonSchema, JsonSchema>();

  constructor(readonly doc: OpenApiDocument, id = 'document') {
    this.base = `urn:contract:${id}`;
    // strict off: OpenAPI adds keywords (example, discriminator) that JSON Schema does not know.
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: this.base, components: rebase(doc.components ?? {}, this.base) });
  }

  /** A compiled validator for a schema of the document (cached by identity). */
  validator(schema: JsonSchema): SchemaValidator {
    let fn = this.cache.get(schema);
    if (!fn) {
      const text = JSON.stringify(schema);
      fn = this.byText.get(text) ?? this.ajv.compile(rebase(schema, this.base) as JsonSchema);
      this.byText.set(text, fn);
      this.cache.set(schema, fn);
    }
    return fn as unknown as SchemaValidator;
  }

  /** True when the value validates against the schema. */
  valid(schema: JsonSchema, value: unknown): boolean {
    return this.validator(schema)(value);
  }

  /** Ajv's errors as short `path: message` lines ("" when valid). */
  explain(schema: JsonSchema, value: unknown): string {
    const fn = this.validator(schema);
    if (fn(value)) return '';
    return (fn.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '(root)'}: ${e.message ?? e.keyword}`)
      .join('; ');
  }

  /** `$ref` resolved and `allOf` merged, recursively for the top level only (once per schema object; callers only read it). */
  flatten(schema: JsonSchema): JsonSchema {
    let flat = this.flat.get(schema);
    if (!flat) this.flat.set(schema, (flat = flatten(this.doc, schema)));
    return flat;
  }
}

/** Points every local `$ref` at the document registered under `base`. */
const rebase = (value: unknown, base: string): unknown => rewriteRefs(value, (ref) => (ref.startsWith('#/') ? `${base}${ref}` : ref));

/** Merges two schemas that must both hold: properties merged key by key, `required` united. */
export function mergeSchemas(doc: OpenApiDocument, a: JsonSchema, b: JsonSchema): JsonSchema {
  const left = flatten(doc, a);
  const right = flatten(doc, b);
  const out: JsonSchema = { ...left, ...right };
  if (left.properties || right.properties) {
    const props: Record<string, JsonSchema> = { ...(left.properties as Record<string, JsonSchema> | undefined) };
    for (const [k, v] of Object.entries((right.properties ?? {}) as Record<string, JsonSchema>)) {
      props[k] = props[k] ? mergeSchemas(doc, props[k], v) : v;
    }
    out.properties = props;
  }
  if (left.required || right.required) {
    out.required = [...new Set([...((left.required as string[]) ?? []), ...((right.required as string[]) ?? [])])];
  }
  if (left.type && right.type === undefined) out.type = left.type;
  if (right.type && left.type === undefined) out.type = right.type;
  return out;
}

/** Resolves `$ref` and folds `allOf` into the schema itself. */
export function flatten(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const resolved = resolveRef(doc, schema);
  if (!Array.isArray(resolved.allOf)) return resolved;
  const { allOf, ...rest } = resolved;
  return (allOf as JsonSchema[]).reduce<JsonSchema>((acc, part) => mergeSchemas(doc, acc, part), rest);
}

/** The schema's type, inferred from its keywords when `type` is absent. */
export function typeOf(schema: JsonSchema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (schema.properties || schema.required) return 'object';
  if (schema.items) return 'array';
  if (schema.pattern || schema.format || schema.minLength !== undefined) return 'string';
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return typeof schema.enum[0] === 'number' ? 'number' : typeof schema.enum[0];
  if ('const' in schema) return schema.const === null ? 'null' : typeof schema.const;
  return undefined;
}
