// contracts -> OpenAPI 3.1, one document per API: YAML (quoted so YAML 1.1 readers agree, see
// yaml.ts) and the same document as JSON.
import { buildDocument, type AnyContract } from '../../contracts/shared/contract.ts';
import { GENERATED_NOTE, hashHeader } from './header.ts';
import { toYaml } from './yaml.ts';

export { toYaml };

/**
 * JSON has no comments, so the generated note travels as the first member, `x-generated` (OpenAPI
 * allows `x-` extensions at the root); everything else is the YAML document's, in the same order.
 */
export function toOpenApiJson(doc: Record<string, unknown>): string {
  return `${JSON.stringify({ 'x-generated': GENERATED_NOTE, ...doc }, null, 2)}\n`;
}

export function renderOpenApi(contract: AnyContract, transform?: (doc: Record<string, unknown>) => void) {
  const doc = buildDocument(contract);
  transform?.(doc);
  return { doc, yaml: hashHeader() + toYaml(doc), json: toOpenApiJson(doc) };
}
