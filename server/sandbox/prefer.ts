// `Prefer: code=<status>` (decision S-prefer, Prism style): a request of a sandbox caller that
// passed auth, rate limit and validation is answered with the operation's declared response of
// that status: its example body and the headers it is declared with. A status the operation does
// not declare is refused as a validation failure naming the `Prefer` header (exchange 400 1001,
// merchant and partner 422 1002). Only with the control API on (createServer wraps the handlers).
import type { Request } from 'express';
import type { OperationSpec } from '../../contracts/shared/operation.ts';
import type { AnyHandler } from '../api/handler-map.ts';
import { RequestValidationError } from '../core/errors.ts';

const PREFER = /(?:^|[,;]\s*)code=(\d{3})(?:\s*(?:[,;]|$))/;

/** The status a `Prefer` header asks for, if any. */
export function preferredCode(header: string | undefined): number | undefined {
  const m = header === undefined ? null : PREFER.exec(header);
  return m ? Number(m[1]) : undefined;
}

/** The headers a declared answer must carry, with example values: Retry-After 1 s, Allow the operation's method. */
const HEADER_EXAMPLES: Record<string, (op: OperationSpec) => string> = { 'Retry-After': () => '1', Allow: (op) => op.method.toUpperCase() };

function declaredHeaders(op: OperationSpec, status: number): Record<string, string> | undefined {
  // Others (Idempotent-Replayed, Deprecation) say something the example answer is not: left out.
  const names = Object.keys(op.responses[status]?.headers ?? {}).filter((name) => name in HEADER_EXAMPLES);
  return names.length ? Object.fromEntries(names.map((name) => [name, HEADER_EXAMPLES[name]!(op)])) : undefined;
}

export function preferring(op: OperationSpec, handler: AnyHandler, sandboxCaller: (req: Request) => boolean): AnyHandler {
  return (input) => {
    const code = preferredCode(input.req.get('prefer'));
    if (code === undefined || !sandboxCaller(input.req)) return handler(input);
    const spec = op.responses[code];
    if (!spec) {
      throw new RequestValidationError([
        { location: 'header', field: 'Prefer', message: `code=${code} is not a status this operation declares (${Object.keys(op.responses).join(', ')})` },
      ]);
    }
    const headers = declaredHeaders(op, code);
    return { status: code, ...(spec.example !== undefined ? { body: structuredClone(spec.example) } : {}), ...(headers ? { headers } : {}) };
  };
}
