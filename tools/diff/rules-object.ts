// Object and array rules: properties (removed, added, renamed, required, deprecated),
// additionalProperties, items and prefixItems. Nested schemas go back through `recurse`.
import { levelOf, type Level, type SchemaScope } from './finding.ts';
import { key, view, type Node, type Sub } from './node.ts';
import { deref, isRecord, joinPointer } from '../../contracts/shared/openapi-walk.ts';
import { consequence, schemaFinding, subject } from './say.ts';
import { cap } from './rules-type.ts';

export type Recurse = (b: Sub, r: Sub, scope: SchemaScope, field: string) => void;

function dot(field: string, name: string): string {
  return field === '' ? name : `${field}.${name}`;
}

export function compareObject(b: Node, r: Node, scope: SchemaScope, field: string, recurse: Recurse): void {
  const { flow, ctx } = scope;
  const skip = flow === 'in' ? 'readOnly' : 'writeOnly';
  const renamed = renames(b, r, scope, skip);
  for (const [from, to] of renamed) propertyRenamed(scope, b.props.get(from)!, r.props.get(to)!, field, from, to);
  const renamedTo = new Set(renamed.values());
  for (const [name, bs] of b.props) {
    const bp = view(ctx.base, bs.schema, bs.ptr);
    if (bp.kw[skip] === true || renamed.has(name)) continue;
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
    if (b.props.has(name) || renamedTo.has(name)) continue;
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

/** What makes two property schemas "the same" for a rename: the schema without its prose. */
function signature(doc: Record<string, unknown>, sub: Sub): string {
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (!isRecord(v)) return v;
    return Object.fromEntries(Object.entries(v).filter(([k]) => !PROSE.has(k)).map(([k, x]) => [k, strip(x)]));
  };
  return key(strip(deref(doc, sub.schema, sub.ptr).value));
}

const PROSE = new Set(['description', 'title', 'example', 'examples', 'externalDocs']);

/** Shared leading and trailing characters: which of several same-schema candidates a name most likely became. */
function likeness(a: string, b: string): number {
  let p = 0;
  while (p < Math.min(a.length, b.length) && a[p] === b[p]) p++;
  let q = 0;
  while (q < Math.min(a.length, b.length) - p && a[a.length - 1 - q] === b[b.length - 1 - q]) q++;
  return p + q;
}

/**
 * Probable renames: a property removed (not deprecated: that has its own sunset rules) and one
 * added in the same object with the same schema, paired one to one (the most alike name first).
 */
function renames(b: Node, r: Node, scope: SchemaScope, skip: string): Map<string, string> {
  const { ctx } = scope;
  const kept = (doc: typeof ctx.base, sub: Sub) => view(doc, sub.schema, sub.ptr).kw;
  const removed = [...b.props].filter(([n, s]) => !r.props.has(n) && kept(ctx.base, s)[skip] !== true && kept(ctx.base, s).deprecated !== true);
  const added = [...r.props].filter(([n, s]) => !b.props.has(n) && kept(ctx.rev, s)[skip] !== true);
  const pairs = new Map<string, string>();
  if (removed.length === 0 || added.length === 0) return pairs;
  const taken = new Set<string>();
  for (const [from, bs] of removed) {
    const sig = signature(ctx.base, bs);
    const candidates = added.filter(([to, rs]) => !taken.has(to) && signature(ctx.rev, rs) === sig);
    if (candidates.length === 0) continue;
    const [to] = candidates.reduce((best, c) => (likeness(from, c[0]) > likeness(from, best[0]) ? c : best));
    taken.add(to);
    pairs.set(from, to);
  }
  return pairs;
}

function propertyRenamed(scope: SchemaScope, bs: Sub, rs: Sub, field: string, from: string, to: string): void {
  const tail = scope.flow === 'out' ? `clients that read \`${from}\` find nothing` : `what clients send as \`${from}\` is ignored or rejected`;
  schemaFinding(scope, 'property-renamed', 'ERR', bs.ptr, rs.ptr, `${cap(subject(scope, dot(field, from)))} was removed and \`${dot(field, to)}\` of the same schema added: probably a rename; ${tail}.`);
}

function propertyRemoved(scope: SchemaScope, bp: Node, bs: Sub, r: Node, field: string, wasRequired: boolean): void {
  const { flow, ctx } = scope;
  const what = subject(scope, field);
  const revPtr = joinPointer(r.ptr, 'properties');
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
