// Small helpers that put a finding's sentence together.
import type { Channel, Finding, Flow, Level, SchemaScope } from './finding.ts';

export function subject(scope: SchemaScope, field: string): string {
  return field === '' ? scope.where : `\`${field}\` in ${scope.where}`;
}

export function show(v: unknown): string {
  return v === undefined ? 'none' : JSON.stringify(v);
}

/** What a tightening or loosening means to whoever reads or writes the value. */
export function consequence(flow: Flow, level: Level): string {
  if (level === 'INFO') return '';
  return flow === 'in' ? ': values clients send today may be rejected' : ': clients may receive values they do not expect';
}

export function schemaFinding(scope: SchemaScope, id: string, level: Level, base: string, revision: string, message: string): Finding {
  const f: Finding = { id: `${scope.channel}-${id}`, level, base, revision, message };
  scope.ctx.findings.push(f);
  return f;
}

export function channelName(c: Channel): string {
  return c.replace('-', ' ');
}
