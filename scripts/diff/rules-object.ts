// Object and array rules: properties (removed, added, required, deprecated), additionalProperties,
// items and prefixItems. Nested schemas go back through `recurse`.
import { levelOf, type Level, type SchemaScope } from './finding.ts';
import { view, type Node, type Sub } from './node.ts';
import { join } from './pointer.ts';
import { consequence, schemaFinding, subject } from './say.ts';
import { cap } from './rules-type.ts';

export type Recurse = (b: Sub, r: Sub, scope: SchemaScope, field: string) => void;

function dot(field: string, name: string): string {
  return field === '' ? name : `${field}.${name}`;
}

export function compareObject(b: Node, r: Node, scope: SchemaScope, field: string, recurse: Recurse): void {
  const { flow, ctx } = scope;
  const skip = flow === 'in' ? 'readOnly' : 'writeOnly';
  for (const [name, bs] of b.props) {
    const bp = view(ctx.base, bs.schema, bs.ptr);
    if (bp.kw[skip] === true) continue;
    const f = dot(field, name);
    const what = subject(scope, f);
    const rs = r.props.get(name);
    if (!rs) {
      propertyRemoved(scope, bp, bs, r, f, b.required.has(name));
      continue;
    }
    const rp = view(ctx.rev, rs.schema, rs.ptr);
    if (rp.kw[skip] === true) continue;
    const wasReq = b.required.has(name);
    const isReq = r.required.has(name);
    if (wasReq !== isReq) {
      const level = levelOf(flow, isReq ? 'tightened' : 'loosened');
      const tail = level === 'ERR' ? (flow === 'in' ? ': clients that leave it out are rejected' : ': clients that read it may find nothing') : '';
      schemaFinding(scope, isReq ? 'property-made-required' : 'property-made-optional', level, bs.ptr, rs.ptr, `${cap(what)} is now ${isReq ? 'required' : 'optional'}${tail}.`);
    }
    if (bp.kw.deprecated !== true && rp.kw.deprecated === true) {
      const sunset = rp.kw['x-sunset'];
      schemaFinding(scope, 'property-deprecated', 'INFO', bs.ptr, rs.ptr, `${cap(what)} is deprecated${typeof sunset === 'string' ? `, sunset ${sunset}` : ''}.`);
    }
    recurse(bs, rs, scope, f);
  }
  for (const [name, rs] of r.props) {
    if (b.props.has(name)) continue;
    const rp = view(ctx.rev, rs.schema, rs.ptr);
    if (rp.kw[skip] === true) continue;
    const what = subject(scope, dot(field, name));
    if (flow === 'in' && r.required.has(name)) {
      schemaFinding(scope, 'property-added-required', 'ERR', b.ptr, rs.ptr, `${cap(what)} was added as required: clients that do not send it are rejected.`);
    } else {
      schemaFinding(scope, 'property-added', 'INFO', b.ptr, rs.ptr, `${cap(what)} was added${r.required.has(name) ? ' (required)' : ''}.`);
    }
  }
  compareAdditional(b, r, scope, field, recurse);
}

function propertyRemoved(scope: SchemaScope, bp: Node, bs: Sub, r: Node, field: string, wasRequired: boolean): void {
  const { flow, ctx } = scope;
  const what = subject(scope, field);
  const revPtr = join(r.ptr, 'properties');
  if (bp.kw.deprecated === true) {
    const sunset = typeof bp.kw['x-sunset'] === 'string' ? bp.kw['x-sunset'] : undefined;
    if (sunset !== undefined && sunset <= ctx.today) {
      schemaFinding(scope, 'property-removed-after-sunset', 'INFO', bs.ptr, revPtr, `${cap(what)} was removed after its sunset (${sunset}).`);
      return;
    }
    schemaFinding(scope, 'deprecated-property-removed-before-sunset', 'ERR', bs.ptr, revPtr, `${cap(what)} was removed before its sunset (${sunset ?? 'none set'}): clients that still use it break.`);
    return;
  }
  let level: Level;
  let tail: string;
  if (flow === 'out') {
    level = wasRequired ? 'ERR' : 'WARN';
    tail = ': clients that read it find nothing';
  } else {
    level = r.additional === false ? 'ERR' : 'WARN';
    tail = r.additional === false ? ': clients that send it are rejected' : ': the server may ignore or reject it';
  }
  schemaFinding(scope, wasRequired || flow === 'in' ? 'property-removed' : 'optional-property-removed', level, bs.ptr, revPtr, `${cap(what)} was removed${tail}.`);
}

function compareAdditional(b: Node, r: Node, scope: SchemaScope, field: string, recurse: Recurse): void {
  const ba = b.additional;
  const ra = r.additional;
  if (typeof ba === 'object' && typeof ra === 'object') {
    recurse(ba, ra, scope, `${field}.*`);
    return;
  }
  const open = (a: typeof ba) => (a === undefined || a === true ? 2 : typeof a === 'object' ? 1 : 0);
  const bo = open(ba);
  const ro = open(ra);
  if (bo === ro) return;
  const change = ro < bo ? 'tightened' : 'loosened';
  const level = levelOf(scope.flow, change);
  const what = subject(scope, field);
  schemaFinding(scope, `additional-properties-${change}`, level, b.ptr, r.ptr, `${cap(what)} ${change === 'tightened' ? 'accepts fewer' : 'allows more'} additional properties${consequence(scope.flow, level)}.`);
}

export function compareArray(b: Node, r: Node, scope: SchemaScope, field: string, recurse: Recurse): void {
  if (b.items && r.items) recurse(b.items, r.items, scope, `${field}[]`);
  const bp = b.prefixItems ?? [];
  const rp = r.prefixItems ?? [];
  for (let i = 0; i < Math.min(bp.length, rp.length); i++) recurse(bp[i]!, rp[i]!, scope, `${field}[${i}]`);
  if (bp.length !== rp.length) {
    schemaFinding(scope, 'tuple-length-changed', 'ERR', b.ptr, r.ptr, `${cap(subject(scope, field))} changed from a tuple of ${bp.length} to ${rp.length} positions: existing clients break.`);
  }
}
