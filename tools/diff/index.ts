// Direction-aware comparison of two OpenAPI 3.1 documents: what a client sends may only widen,
// what the server answers may only narrow, reversed for webhooks (the receiver is the client).
import { sortFindings, type Ctx, type DiffOptions, type Doc, type Finding } from './finding.ts';
import { compareOperations } from './rules-operations.ts';
import { compareSecuritySchemes } from './rules-security.ts';

export type { Finding, Level } from './finding.ts';

export function diffDocuments(base: Doc, rev: Doc, opts: DiffOptions = {}): Finding[] {
  const ctx: Ctx = { base, rev, today: opts.today ?? new Date().toISOString().slice(0, 10), findings: [], visited: new Set() };
  compareSecuritySchemes(ctx);
  compareOperations(ctx, 'paths');
  compareOperations(ctx, 'webhooks');
  return sortFindings(ctx.findings);
}
