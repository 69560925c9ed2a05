// The header that names the body fields the server ignored (decision M-plugin-fields keeps
// accepting them). Field names come from the caller: each is percent-encoded outside a plain
// token alphabet, so none can break the header, and the list is capped.
export const IGNORED_FIELDS_HEADER = 'X-Ignored-Fields';

const MAX_NAMES = 20;
const MAX_NAME = 64;
const PLAIN = /^[A-Za-z0-9_.\-[\]]+$/;

/** The header value for `paths`: `a, payment.b` (at most 20 names of at most 64 characters, then `+N more`). */
export function ignoredFieldsHeader(paths: readonly string[]): string {
  const shown = paths.slice(0, MAX_NAMES).map((p) => {
    const name = PLAIN.test(p) ? p : encodeURIComponent(p);
    return name.length > MAX_NAME ? `${name.slice(0, MAX_NAME)}...` : name;
  });
  return paths.length > MAX_NAMES ? `${shown.join(', ')}, +${paths.length - MAX_NAMES} more` : shown.join(', ');
}
