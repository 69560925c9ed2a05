// Removal of something deprecated: after its sunset date an INFO, before it (or without one) an ERR.
import type { Ctx, Finding } from './finding.ts';
import { isRecord } from '../../contracts/shared/openapi-walk.ts';

export interface Removal {
  kind: 'operation' | 'parameter';
  item: unknown;
  base: string;
  revision: string;
  label: string;
}

/** Reports the removal of a deprecated item and returns true; returns false when it was not deprecated. */
export function deprecatedRemoval(ctx: Ctx, r: Removal): boolean {
  if (!isRecord(r.item) || r.item.deprecated !== true) return false;
  const sunset = typeof r.item['x-sunset'] === 'string' ? r.item['x-sunset'] : undefined;
  const f: Finding =
    sunset !== undefined && sunset <= ctx.today
      ? { id: `${r.kind}-removed-after-sunset`, level: 'INFO', base: r.base, revision: r.revision, message: `${r.label} was removed after its sunset (${sunset}).` }
      : { id: `deprecated-${r.kind}-removed-before-sunset`, level: 'ERR', base: r.base, revision: r.revision, message: `${r.label} was removed before its sunset (${sunset ?? 'none set'}): clients that still use it break.` };
  ctx.findings.push(f);
  return true;
}
