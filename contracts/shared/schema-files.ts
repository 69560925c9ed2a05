// Named schemas that are not part of any HTTP exchange (the CSV rows of the merchant invoice upload
// and the partner merchant import) travel as JSON Schema 2020-12 files beside the documents,
// `generated/schemas/<Name>.schema.json`, instead of unused components: a document then holds only
// what its operations and webhooks use, and a client validates a CSV row against the file.
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { plainSlashesOfSchema } from './document-shape.ts';
import { rewriteRefs, type Json } from './openapi-walk.ts';
import type { z } from './zod.ts';

/** The schemas' references to each other, from the document's components to the file's `$defs`. */
const rebaseRefs = (node: unknown) => rewriteRefs(node, (ref) => ref.replace('#/components/schemas/', '#/$defs/'));

/** Where the pipeline writes the file of a named schema. */
export const schemaFilePath = (name: string) => `generated/schemas/${name}.schema.json`;

/** The JSON Schema of one named schema: the schema itself, the named schemas it uses under `$defs`. */
export function jsonSchemaOf(name: string, schema: z.ZodType): Json {
  const registry = new OpenAPIRegistry();
  registry.register(name, schema);
  const generated = new OpenApiGeneratorV31(registry.definitions, { sortComponents: 'alphabetically' }).generateComponents() as { components?: { schemas?: Json } };
  const { [name]: main, ...defs } = (generated.components?.schemas ?? {}) as Record<string, Json>;
  const file: Json = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${name}.schema.json`,
    title: name,
    ...(rebaseRefs(main) as Json),
    ...(Object.keys(defs).length > 0 ? { $defs: rebaseRefs(defs) } : {}),
  };
  plainSlashesOfSchema(file);
  return file;
}
