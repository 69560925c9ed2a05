// Writing the OpenAPI documents as YAML that every reader reads the same. The `yaml` package
// writes YAML 1.2 and quotes only what a 1.2 reader would retype; PyYAML, SnakeYAML and go-yaml v2
// read YAML 1.1, where unquoted `yes`, `no`, `NO`, `on`, `off`, `y`, `n`, dates, date-times,
// octal-looking (`0755`), sexagesimal (`1:20`) and underscored (`1_000`) numbers, `.inf`, `<<`
// and `=` are not strings. So every string scalar (key or value) that any 1.1 resolver could
// read as something else is written quoted; the 1.2 reading is unchanged.
import YAML from 'yaml';

// The 1.1 resolvers of the `yaml` package (bool, int, float, null, timestamp, merge), applied to
// plain scalars; a string they match would not come back as a string.
const YAML11_TESTS: RegExp[] = new YAML.Document(null, { version: '1.1' }).schema.tags
  .filter((t) => t.default && t.tag !== 'tag:yaml.org,2002:str' && t.test instanceof RegExp)
  .map((t) => t.test as RegExp);

// Readers differ in how strictly they follow the 1.1 regexps (case, `=`, loose dates): quote
// any-case variants of the 1.1 booleans and nulls, the value key `=`, and anything date-like too.
const EXTRA: RegExp[] = [
  /^(?:y|n|yes|no|true|false|on|off|null|~|=|<<)$/i,
  /^[-+]?\.(?:inf|nan)$/i,
  /^\d{4}-\d{1,2}-\d{1,2}(?:[Tt\s].*)?$/,
  /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/,
  /^[-+]?0[0-9_]+$/,
];

/** True when a YAML 1.1 reader would read this text, written plain, as something other than this string. */
export function retypedByYaml11(text: string): boolean {
  return YAML11_TESTS.some((re) => re.test(text)) || EXTRA.some((re) => re.test(text));
}

/** Serialises a document without YAML anchors, with stable line breaks, and quoted where YAML 1.1 would retype. */
export function toYaml(doc: unknown): string {
  const document = new YAML.Document(doc, { aliasDuplicateObjects: false });
  YAML.visit(document, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && node.type !== 'QUOTE_SINGLE' && retypedByYaml11(node.value)) node.type = 'QUOTE_DOUBLE';
    },
  });
  return document.toString({ lineWidth: 0 });
}
