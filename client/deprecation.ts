// A deprecated operation answers with a `Deprecation` header (RFC 9745; `Sunset`, RFC 8594, says
// until when): the client warns once per process and operation, naming both. Its types already
// mark the operation `@deprecated` (openapi-typescript, from `deprecated: true`).
const warned = new Set<string>();

export function warnIfDeprecated(api: string, method: string, path: string, response: Response): void {
  const deprecation = response.headers.get('deprecation');
  if (deprecation === null) return;
  const key = `${api} ${method} ${path}`;
  if (warned.has(key)) return;
  warned.add(key);
  const sunset = response.headers.get('sunset');
  console.warn(`[cryptopay ${api}] ${method} ${path} is deprecated (Deprecation: ${deprecation})${sunset ? `; it may be removed after ${sunset}` : ''}. See the API's changelog.`);
}
