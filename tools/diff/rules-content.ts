// Request body and response rules: body added/made required/removed, media types removed or
// added, status codes removed or added, response headers; schemas are compared per media type.
import type { Channel, Ctx, Finding, Flow } from './finding.ts';
import { deref, isRecord, joinPointer } from '../../contracts/shared/openapi-walk.ts';
import { compareSchema } from './schema.ts';

type Obj = Record<string, unknown>;

interface Side {
  value: Obj | undefined;
  ptr: string;
}

function resolve(doc: Obj, value: unknown, ptr: string): Side {
  if (value === undefined) return { value: undefined, ptr };
  const d = deref(doc, value, ptr);
  return { value: isRecord(d.value) ? d.value : undefined, ptr: d.ptr };
}

export function compareContent(ctx: Ctx, b: Side, r: Side, channel: Channel, flow: Flow, where: string): void {
  const bc = isRecord(b.value?.content) ? b.value.content : {};
  const rc = isRecord(r.value?.content) ? r.value.content : {};
  for (const [mt, bm] of Object.entries(bc)) {
    const bptr = joinPointer(b.ptr, 'content', mt);
    const rm = rc[mt];
    if (!isRecord(rm)) {
      const level = channel === 'webhook-request' ? 'WARN' : 'ERR';
      ctx.findings.push({ id: `${channel}-media-type-removed`, level, base: bptr, revision: joinPointer(r.ptr, 'content'), message: `The media type ${mt} of ${where} was removed.` });
      continue;
    }
    const bs = isRecord(bm) ? bm.schema : undefined;
    if (bs !== undefined && rm.schema !== undefined) {
      compareSchema({ schema: bs, ptr: joinPointer(bptr, 'schema') }, { schema: rm.schema, ptr: joinPointer(r.ptr, 'content', mt, 'schema') }, { ctx, flow, channel, where: `${where} (${mt})` });
    }
  }
  for (const mt of Object.keys(rc)) {
    if (!(mt in bc)) ctx.findings.push({ id: `${channel}-media-type-added`, level: 'INFO', base: joinPointer(b.ptr, 'content'), revision: joinPointer(r.ptr, 'content', mt), message: `The media type ${mt} was added to ${where}.` });
  }
}

export function compareRequestBody(ctx: Ctx, bOp: Obj, rOp: Obj, bPtr: string, rPtr: string, label: string, webhook: boolean): void {
  const b = resolve(ctx.base, bOp.requestBody, joinPointer(bPtr, 'requestBody'));
  const r = resolve(ctx.rev, rOp.requestBody, joinPointer(rPtr, 'requestBody'));
  const channel: Channel = webhook ? 'webhook-request' : 'request';
  const where = webhook ? `the payload of ${label}` : `the request body of ${label}`;
  const push = (f: Finding) => ctx.findings.push(f);
  if (!webhook) {
    const bReq = b.value?.required === true;
    const rReq = r.value?.required === true;
    if (!b.value && r.value && rReq) push({ id: 'request-body-added-required', level: 'ERR', base: bPtr, revision: r.ptr, message: `A required request body was added to ${label}: clients send none.` });
    else if (!b.value && r.value) push({ id: 'request-body-added', level: 'INFO', base: bPtr, revision: r.ptr, message: `An optional request body was added to ${label}.` });
    else if (b.value && !r.value) push({ id: 'request-body-removed', level: 'WARN', base: b.ptr, revision: rPtr, message: `The request body of ${label} was removed: the server may ignore or reject what clients send.` });
    else if (b.value && r.value && !bReq && rReq) push({ id: 'request-body-made-required', level: 'ERR', base: b.ptr, revision: r.ptr, message: `The request body of ${label} is now required: clients that send none are rejected.` });
    else if (b.value && r.value && bReq && !rReq) push({ id: 'request-body-made-optional', level: 'INFO', base: b.ptr, revision: r.ptr, message: `The request body of ${label} is now optional.` });
  }
  if (b.value && r.value) compareContent(ctx, b, r, channel, webhook ? 'out' : 'in', where);
}

export function compareResponses(ctx: Ctx, bOp: Obj, rOp: Obj, bPtr: string, rPtr: string, label: string, webhook: boolean): void {
  const channel: Channel = webhook ? 'webhook-response' : 'response';
  const flow: Flow = webhook ? 'in' : 'out';
  const br = isRecord(bOp.responses) ? bOp.responses : {};
  const rr = isRecord(rOp.responses) ? rOp.responses : {};
  const bRoot = joinPointer(bPtr, 'responses');
  const rRoot = joinPointer(rPtr, 'responses');
  for (const status of Object.keys(br)) {
    const b = resolve(ctx.base, br[status], joinPointer(bRoot, status));
    const where = `the ${status} response of ${label}`;
    if (!(status in rr)) {
      const success = status.startsWith('2');
      const id = success ? `${channel}-success-status-removed` : `${channel}-status-removed`;
      const level = flow === 'in' || success ? 'ERR' : 'WARN';
      const tail = flow === 'in' ? ': receivers that answer it are treated as failing' : success ? ': clients expecting it break' : ': the server no longer answers it';
      ctx.findings.push({ id, level, base: joinPointer(bRoot, status), revision: rRoot, message: `The ${status} response of ${label} was removed${tail}.` });
      continue;
    }
    const r = resolve(ctx.rev, rr[status], joinPointer(rRoot, status));
    if (!webhook) compareHeaders(ctx, b, r, where);
    compareContent(ctx, b, r, channel, flow, where);
  }
  for (const status of Object.keys(rr)) {
    if (!(status in br)) ctx.findings.push({ id: `${channel}-status-added`, level: 'INFO', base: bRoot, revision: joinPointer(rRoot, status), message: `${label} may now answer ${status}.` });
  }
}

function compareHeaders(ctx: Ctx, b: Side, r: Side, where: string): void {
  const bh = isRecord(b.value?.headers) ? b.value.headers : {};
  const rh = isRecord(r.value?.headers) ? r.value.headers : {};
  const lower = (o: Obj) => new Map(Object.keys(o).map((k) => [k.toLowerCase(), k]));
  const rNames = lower(rh);
  const bNames = lower(bh);
  for (const [low, name] of bNames) {
    const bs = resolve(ctx.base, bh[name], joinPointer(b.ptr, 'headers', name));
    const rName = rNames.get(low);
    const label = `The header ${name} of ${where}`;
    if (rName === undefined) {
      const req = bs.value?.required === true;
      ctx.findings.push({ id: 'response-header-removed', level: req ? 'ERR' : 'WARN', base: bs.ptr, revision: joinPointer(r.ptr, 'headers'), message: `${label} was removed: clients reading it find nothing.` });
      continue;
    }
    const rs = resolve(ctx.rev, rh[rName], joinPointer(r.ptr, 'headers', rName));
    if (bs.value?.required === true && rs.value?.required !== true) {
      ctx.findings.push({ id: 'response-header-made-optional', level: 'ERR', base: bs.ptr, revision: rs.ptr, message: `${label} is now optional: clients reading it may find nothing.` });
    }
    if (bs.value?.schema !== undefined && rs.value?.schema !== undefined) {
      compareSchema({ schema: bs.value.schema, ptr: joinPointer(bs.ptr, 'schema') }, { schema: rs.value.schema, ptr: joinPointer(rs.ptr, 'schema') }, { ctx, flow: 'out', channel: 'response', where: `the header ${name} of ${where}` });
    }
  }
  for (const [low, name] of rNames) {
    if (!bNames.has(low)) ctx.findings.push({ id: 'response-header-added', level: 'INFO', base: joinPointer(b.ptr, 'headers'), revision: joinPointer(r.ptr, 'headers', name), message: `The header ${name} was added to ${where}.` });
  }
}
