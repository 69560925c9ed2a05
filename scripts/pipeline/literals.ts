// Writing example values into sample code: TypeScript object literals and shell-quoted strings.

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const MAX_INLINE = 72;

const tsString = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
const tsKey = (k: string) => (IDENTIFIER.test(k) ? k : tsString(k));

/**
 * A JSON value as a TypeScript literal: bare keys where possible, single quotes, on one line when
 * it fits, else one entry per line. Continuation lines are indented by `indent` plus two spaces.
 */
export function tsLiteral(value: unknown, indent = ''): string {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return tsString(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const items = value.map((v) => tsLiteral(v, inner));
    const oneLine = `[${items.join(', ')}]`;
    if (oneLine.length <= MAX_INLINE && !oneLine.includes('\n')) return oneLine;
    return `[\n${items.map((i) => `${inner}${i},`).join('\n')}\n${indent}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    const items = entries.map(([k, v]) => `${tsKey(k)}: ${tsLiteral(v, inner)}`);
    const oneLine = `{ ${items.join(', ')} }`;
    if (oneLine.length <= MAX_INLINE && !oneLine.includes('\n')) return oneLine;
    return `{\n${items.map((i) => `${inner}${i},`).join('\n')}\n${indent}}`;
  }
  throw new TypeError(`cannot write ${typeof value} as a TypeScript literal`);
}

/** Single-quoted for POSIX shells: nothing inside is expanded. */
export const shellSingle = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Escapes text for use inside a double-quoted shell string (so `$VARS` placed around it still expand). */
export const shellDoubleInner = (s: string) => s.replace(/[\\"$`]/g, (c) => `\\${c}`);

/** A query string with percent-encoded keys and values, `?` included; empty when there are none. */
export function queryString(params: Record<string, string | number | boolean>): string {
  const parts = Object.entries(params).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** Fills `{name}` segments of an OpenAPI path with percent-encoded values. */
export function fillPath(template: string, params: Record<string, string | number | boolean>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
}
