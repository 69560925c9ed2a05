// contracts -> OpenAPI 3.1 YAML, one document per API.
import YAML from 'yaml';
import { buildDocument, type ApiContract } from '../../contracts/shared/contract.ts';
import { hashHeader } from './header.ts';

/** Serialises a document without YAML anchors and with stable line breaks. */
export function toYaml(doc: unknown): string {
  return YAML.stringify(doc, { aliasDuplicateObjects: false, lineWidth: 0 });
}

export function renderOpenApi(contract: ApiContract, transform?: (doc: Record<string, unknown>) => void) {
  const doc = buildDocument(contract);
  transform?.(doc);
  return { doc, yaml: hashHeader() + toYaml(doc) };
}
