// Parameter rules: added as required, removed, moved between query/path/header/cookie, made
// required, style changed, deprecated; their schemas are compared as requests. Path parameters
// are matched by position in the path template, so renaming `{id}` to `{paymentId}` is no change.
import type { Ctx, Finding } from './finding.ts';
import { deref, isRecord, joinPointer } from '../../contracts/shared/openapi-walk.ts';
import { compareSchema } from './schema.ts';
import { deprecatedRemoval } from './sunset.ts';

interface Param {
  key: string;
  name: string;
  in: string;
  ptr: string;
  p: Record<string, unknown>;
}

export interface OpRef {
  path: string;
  ptr: string;
  pathPtr: string;
  op: Record<string, unknown>;
  pathItem: Record<string, unknown>;
  label: string;
}

function params(doc: Record<string, unknown>, o: OpRef): Map<string, Param> {
  const out = new Map<string, Param>();
  const slots = [...o.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const add = (list: unknown, ptr: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((raw, i) => {
      const { value, ptr: at } = deref(doc, raw, joinPointer(ptr, 'parameters', i));
      if (!isRecord(value)) return;
      const name = String(value.name);
      const where = String(value.in);
      const key = where === 'path' ? `path:#${slots.indexOf(name)}` : `${where}:${where === 'header' ? name.toLowerCase() : name}`;
      out.set(key, { key, name, in: where, ptr: at, p: value });
    });
  };
  add(o.pathItem.parameters, o.pathPtr);
  add(o.op.parameters, o.ptr);
  return out;
}

export function compareParameters(ctx: Ctx, b: OpRef, r: OpRef): void {
  const bp = params(ctx.base, b);
  const rp = params(ctx.rev, r);
  const push = (f: Finding) => ctx.findings.push(f);
  const byName = (m: Map<string, Param>, name: string) => [...m.values()].find((x) => x.name === name);
  for (const [key, x] of bp) {
    const y = rp.get(key);
    const label = `The ${x.in} parameter \`${x.name}\` of ${b.label}`;
    if (!y) {
      const moved = byName(rp, x.name);
      if (moved && !bp.has(moved.key)) {
        push({ id: 'parameter-moved', level: 'ERR', base: x.ptr, revision: moved.ptr, message: `${label} moved to ${moved.in}: clients still send it in ${x.in}.` });
        continue;
      }
      if (deprecatedRemoval(ctx, { kind: 'parameter', item: x.p, base: x.ptr, revision: joinPointer(r.ptr, 'parameters'), label })) continue;
      const soft = x.in === 'header' || x.in === 'cookie';
      push({ id: 'parameter-removed', level: soft ? 'WARN' : 'ERR', base: x.ptr, revision: joinPointer(r.ptr, 'parameters'), message: `${label} was removed: ${soft ? 'the server ignores it from now on' : 'clients that send it are rejected'}.` });
      continue;
    }
    const wasReq = x.p.required === true;
    const isReq = y.p.required === true;
    if (!wasReq && isReq) push({ id: 'parameter-made-required', level: 'ERR', base: x.ptr, revision: y.ptr, message: `${label} is now required: clients that leave it out are rejected.` });
    if (wasReq && !isReq) push({ id: 'parameter-made-optional', level: 'INFO', base: x.ptr, revision: y.ptr, message: `${label} is now optional.` });
    if (x.p.style !== y.p.style || x.p.explode !== y.p.explode) {
      push({ id: 'parameter-style-changed', level: 'ERR', base: x.ptr, revision: y.ptr, message: `${label} changed its serialization (style/explode): clients encode it the old way.` });
    }
    if (x.p.deprecated !== true && y.p.deprecated === true) {
      push({ id: 'parameter-deprecated', level: 'INFO', base: x.ptr, revision: y.ptr, message: `${label} is deprecated${typeof y.p['x-sunset'] === 'string' ? `, sunset ${y.p['x-sunset']}` : ''}.` });
    }
    if (x.p.schema !== undefined && y.p.schema !== undefined) {
      compareSchema({ schema: x.p.schema, ptr: joinPointer(x.ptr, 'schema') }, { schema: y.p.schema, ptr: joinPointer(y.ptr, 'schema') }, { ctx, flow: 'in', channel: 'request', where: `the ${x.in} parameter \`${x.name}\` of ${b.label}` });
    }
  }
  for (const [key, y] of rp) {
    if (bp.has(key)) continue;
    const moved = byName(bp, y.name);
    if (moved && !rp.has(moved.key)) continue;
    const label = `The ${y.in} parameter \`${y.name}\` of ${b.label}`;
    if (y.p.required === true) push({ id: 'parameter-added-required', level: 'ERR', base: joinPointer(b.ptr, 'parameters'), revision: y.ptr, message: `${label} was added as required: clients that do not send it are rejected.` });
    else push({ id: 'parameter-added', level: 'INFO', base: joinPointer(b.ptr, 'parameters'), revision: y.ptr, message: `${label} was added (optional).` });
  }
}
