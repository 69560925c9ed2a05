// Security rules: a requirement added where none was needed, an accepted requirement dropped or
// changed (scheme or scopes), and a security scheme's definition changed.
import type { Ctx } from './finding.ts';
import { isRecord, joinPointer } from '../../contracts/shared/openapi-walk.ts';

type Obj = Record<string, unknown>;

function requirements(doc: Obj, op: Obj): string[] {
  const list = Array.isArray(op.security) ? op.security : Array.isArray(doc.security) ? doc.security : [];
  return list.map((req) => (isRecord(req) ? Object.keys(req).sort().map((k) => `${k}${Array.isArray(req[k]) && (req[k] as unknown[]).length ? `[${[...(req[k] as string[])].sort().join(' ')}]` : ''}`).join('+') : ''));
}

export function compareOperationSecurity(ctx: Ctx, bOp: Obj, rOp: Obj, bPtr: string, rPtr: string, label: string): void {
  const b = requirements(ctx.base, bOp);
  const r = requirements(ctx.rev, rOp);
  const anon = (l: string[]) => l.length === 0 || l.includes('');
  const bp = joinPointer(bPtr, 'security');
  const rp = joinPointer(rPtr, 'security');
  if (anon(b) && !anon(r)) {
    ctx.findings.push({ id: 'security-added', level: 'ERR', base: bp, revision: rp, message: `${label} now needs authentication (${r.join(' or ')}): anonymous clients are rejected.` });
    return;
  }
  for (const req of b) {
    if (req === '' || r.includes(req)) continue;
    ctx.findings.push({ id: 'security-requirement-changed', level: 'ERR', base: bp, revision: rp, message: `${label} no longer accepts the security requirement ${req}${r.length ? ` (now ${r.filter((x) => x !== '').join(' or ')})` : ''}: clients using it are rejected.` });
  }
  for (const req of r) {
    if (req === '' || b.includes(req)) continue;
    ctx.findings.push({ id: 'security-requirement-added', level: 'INFO', base: bp, revision: rp, message: `${label} also accepts the security requirement ${req}.` });
  }
}

const SCHEME_FIELDS = ['type', 'scheme', 'in', 'name', 'bearerFormat', 'openIdConnectUrl'];

export function compareSecuritySchemes(ctx: Ctx): void {
  const pick = (doc: Obj) => {
    const c = doc.components;
    return isRecord(c) && isRecord(c.securitySchemes) ? c.securitySchemes : {};
  };
  const bs = pick(ctx.base);
  const rs = pick(ctx.rev);
  for (const name of Object.keys(bs)) {
    const b = bs[name];
    const r = rs[name];
    if (!isRecord(b) || !isRecord(r)) continue;
    const changed = SCHEME_FIELDS.filter((f) => b[f] !== r[f]);
    if (changed.length === 0) continue;
    const ptr = joinPointer('/components/securitySchemes', name);
    ctx.findings.push({ id: 'security-scheme-changed', level: 'ERR', base: ptr, revision: ptr, message: `The security scheme ${name} changed its ${changed.join(', ')}: clients authenticate the old way.` });
  }
}
