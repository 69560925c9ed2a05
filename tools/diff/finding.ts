// A finding of the diff and the context the rules share while they walk two documents.
export type Level = 'ERR' | 'WARN' | 'INFO';

export interface Finding {
  /** Stable rule id, e.g. `response-property-removed`. */
  id: string;
  level: Level;
  /** JSON pointer (RFC 6901) in the base document; the parent when the item is new. */
  base: string;
  /** JSON pointer in the revision; the parent when the item was removed. */
  revision: string;
  /** One sentence a person understands. */
  message: string;
}

/**
 * `in`: what a client sends to the API owner's code (request bodies, parameters, webhook replies):
 * the revision may only accept more. `out`: what the API owner's code produces (responses,
 * webhook payloads): the revision may only produce less.
 */
export type Flow = 'in' | 'out';

/** Id prefix of a flow's channel: REST requests/responses, or webhook requests/responses. */
export type Channel = 'request' | 'response' | 'webhook-request' | 'webhook-response';

export type Doc = Record<string, unknown>;

export interface DiffOptions {
  /** Today, for sunset dates (ISO date `YYYY-MM-DD`); default the current UTC date. */
  today?: string;
}

export interface Ctx {
  base: Doc;
  rev: Doc;
  today: string;
  findings: Finding[];
  /** Schema pairs already compared (cycle guard and dedupe): `flow|basePtr|revPtr`. */
  visited: Set<string>;
}

export interface SchemaScope {
  ctx: Ctx;
  flow: Flow;
  channel: Channel;
  /** Human label of where the schema is used, e.g. `the response 200 of GET /payments/{id}`. */
  where: string;
}

/** Level of a change that makes the revision accept or produce less (`tightened`) or more. */
export function levelOf(flow: Flow, change: 'tightened' | 'loosened' | 'changed'): Level {
  if (change === 'changed') return 'ERR';
  if (flow === 'in') return change === 'tightened' ? 'ERR' : 'INFO';
  return change === 'loosened' ? 'ERR' : 'INFO';
}

export function report(ctx: Ctx, f: Finding): void {
  ctx.findings.push(f);
}

const ORDER: Record<Level, number> = { ERR: 0, WARN: 1, INFO: 2 };

/** Unique findings in a stable order: by level, then base pointer, revision pointer and id. */
export function sortFindings(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  const out: Finding[] = [];
  for (const f of findings) {
    // A removed item is one finding, wherever the revision reaches the place it was in. A change in
    // a body's schema is one finding too where each media type of the body carries its own copy of
    // that schema (written inline, not shared through a $ref), as it is where they share one.
    const base = oneBody(f.base);
    const key = /-removed(-|$)/.test(f.id) ? `${f.id}|${base}` : `${f.id}|${base}|${oneBody(f.revision)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(f);
  }
  return out.sort((a, b) => ORDER[a.level] - ORDER[b.level] || cmp(a.base, b.base) || cmp(a.revision, b.revision) || cmp(a.id, b.id));
}

/** A pointer into one media type of a request body, with the media type left out. */
const oneBody = (ptr: string) => ptr.replace(/(\/requestBody\/content\/)[^/]+/, '$1*');

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
