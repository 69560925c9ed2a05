// generated/openapi/<api>.document.ts: the parsed OpenAPI document as a TypeScript module, so the
// server and the validators carry their document with them (a bundled or installed service needs
// no YAML file beside it). Built from the YAML text itself, so it holds exactly what the YAML says.
import YAML from 'yaml';
import { slashHeader } from './header.ts';

export function renderDocumentModule(api: string, yaml: string): { path: string; content: string } {
  const doc: unknown = YAML.parse(yaml);
  const content =
    slashHeader() +
    `// The ${api} OpenAPI document (generated/openapi/${api}.yaml), parsed.\n` +
    `const document: Record<string, unknown> = ${JSON.stringify(doc, null, 2)};\n` +
    'export default document;\n';
  return { path: `generated/openapi/${api}.document.ts`, content };
}
