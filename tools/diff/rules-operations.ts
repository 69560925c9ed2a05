// Path, operation and webhook rules: removed (or removed after/before a deprecation's sunset),
// added, operationId changed, deprecated; then each operation's parts. Paths are matched by
// their template with parameter names blanked, so renaming `{id}` is no change.
import type { Ctx } from './finding.ts';
import { isRecord, joinPointer } from '../../contracts/shared/openapi-walk.ts';
import { compareRequestBody, compareResponses } from './rules-content.ts';
import { compareParameters, type OpRef } from './rules-parameters.ts';
import { compareOperationSecurity } from './rules-security.ts';
import { deprecatedRemoval } from './sunset.ts';

type Obj = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function ops(item: Obj): string[] {
  return METHODS.filter((m) => isRecord(item[m]));
}

function items(doc: Obj, key: 'paths' | 'webhooks'): Map<string, { name: string; item: Obj }> {
  const all = isRecord(doc[key]) ? doc[key] : {};
  const out = new Map<string, { name: string; item: Obj }>();
  for (const [name, item] of Object.entries(all)) {
    if (isRecord(item)) out.set(key === 'paths' ? name.replace(/\{[^}]+\}/g, '{}') : name, { name, item });
  }
  return out;
}

export function compareOperations(ctx: Ctx, key: 'paths' | 'webhooks'): void {
  const webhook = key === 'webhooks';
  const bItems = items(ctx.base, key);
  const rItems = items(ctx.rev, key);
  for (const [k, b] of bItems) {
    const bPath = joinPointer(`/${key}`, b.name);
    const r = rItems.get(k);
    const labelOf = (m: string) => (webhook ? `the webhook ${b.name} (${m.toUpperCase()})` : `${m.toUpperCase()} ${b.name}`);
    if (!r) {
      const plain = ops(b.item).filter((m) => !deprecatedRemoval(ctx, { kind: 'operation', item: b.item[m], base: joinPointer(bPath, m), revision: `/${key}`, label: cap(labelOf(m)) }));
      if (plain.length === 0) continue;
      if (webhook) ctx.findings.push({ id: 'webhook-removed', level: 'WARN', base: bPath, revision: `/${key}`, message: `The webhook ${b.name} was removed: receivers no longer get these events.` });
      else if (plain.length === ops(b.item).length) ctx.findings.push({ id: 'path-removed', level: 'ERR', base: bPath, revision: '/paths', message: `The path ${b.name} was removed: clients calling it get 404.` });
      else for (const m of plain) ctx.findings.push({ id: 'operation-removed', level: 'ERR', base: joinPointer(bPath, m), revision: '/paths', message: `${labelOf(m)} was removed: clients calling it break.` });
      continue;
    }
    const rPath = joinPointer(`/${key}`, r.name);
    for (const m of ops(b.item)) {
      const bOp = b.item[m] as Obj;
      const bPtr = joinPointer(bPath, m);
      const label = labelOf(m);
      if (!isRecord(r.item[m])) {
        if (!deprecatedRemoval(ctx, { kind: 'operation', item: bOp, base: bPtr, revision: rPath, label: cap(label) })) {
          ctx.findings.push({ id: 'operation-removed', level: 'ERR', base: bPtr, revision: rPath, message: `${cap(label)} was removed: clients calling it break.` });
        }
        continue;
      }
      const rOp = r.item[m] as Obj;
      const rPtr = joinPointer(rPath, m);
      if (bOp.operationId !== rOp.operationId) {
        ctx.findings.push({ id: 'operation-id-changed', level: 'ERR', base: joinPointer(bPtr, 'operationId'), revision: joinPointer(rPtr, 'operationId'), message: `The operationId of ${label} changed from ${String(bOp.operationId)} to ${String(rOp.operationId)}: generated clients rename the method.` });
      }
      if (bOp.deprecated !== true && rOp.deprecated === true) {
        const sunset = rOp['x-sunset'];
        ctx.findings.push({ id: 'operation-deprecated', level: 'INFO', base: bPtr, revision: rPtr, message: `${cap(label)} is deprecated${typeof sunset === 'string' ? `, sunset ${sunset}` : ''}.` });
      }
      if (!webhook) {
        compareOperationSecurity(ctx, bOp, rOp, bPtr, rPtr, label);
        compareParameters(ctx, opRef(b.name, b.item, bOp, bPath, bPtr, label), opRef(r.name, r.item, rOp, rPath, rPtr, label));
      }
      compareRequestBody(ctx, bOp, rOp, bPtr, rPtr, label, webhook);
      compareResponses(ctx, bOp, rOp, bPtr, rPtr, label, webhook);
    }
    for (const m of ops(r.item)) {
      if (!isRecord(b.item[m])) ctx.findings.push({ id: webhook ? 'webhook-added' : 'operation-added', level: 'INFO', base: bPath, revision: joinPointer(rPath, m), message: `${cap(labelOf(m))} was added.` });
    }
  }
  for (const [k, r] of rItems) {
    if (bItems.has(k)) continue;
    const id = webhook ? 'webhook-added' : 'path-added';
    ctx.findings.push({ id, level: 'INFO', base: `/${key}`, revision: joinPointer(`/${key}`, r.name), message: `${webhook ? 'The webhook' : 'The path'} ${r.name} was added.` });
  }
}

function opRef(path: string, pathItem: Obj, op: Obj, pathPtr: string, ptr: string, label: string): OpRef {
  return { path, pathItem, op, pathPtr, ptr, label };
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
