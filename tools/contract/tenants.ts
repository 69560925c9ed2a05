// Cross-tenant checks (RESTler's namespace rule; OWASP API1, broken object level authorization):
// what one tenant created is refused to another (404 or 401) on every operation its links lead to,
// reads and writes alike, and the lists another tenant reads never show it. "Another tenant" is
// the credential `authorize` uses for `other-tenant`: the next exchange trading key, the other
// merchant, the other partner (auth.ts).
import fc from 'fast-check';
import type { CheckFailure } from './checks.ts';
import { resolveRef } from '../../contracts/shared/openapi-walk.ts';
import type { JsonSchema, OpenApiDocument, OperationSpec } from './document.ts';
import type { PlannedCase } from './plan.ts';
import { exampleRequest, requestArbitrary, requestProblems } from './requests.ts';
import type { SchemaKit } from './schemas.ts';
import { bindEntry, type FollowUp } from './state.ts';
import type { WireResponse } from './wire.ts';

/** Each (producer, target) pair is tried this many times a run, as the availability reads are. */
export const MAX_TRIES = 2;

/** A record as a response shows it: the schema it is an instance of (a component `$ref`) and its `id`. */
export interface RecordRef {
  ref: string;
  id: string;
}

const WRITES = new Set(['post', 'put', 'patch']);

/**
 * Every record `value` holds, walking it beside its schema: each object that is an instance of a
 * component schema (`$ref`) and carries an `id`.
 */
export function recordsIn(doc: OpenApiDocument, schema: JsonSchema | undefined, value: unknown, out: RecordRef[] = [], depth = 0): RecordRef[] {
  if (!schema || value === null || typeof value !== 'object' || depth > 12) return out;
  if (typeof schema.$ref === 'string') {
    const id = Array.isArray(value) ? undefined : (value as Record<string, unknown>).id;
    if (typeof id === 'string' || typeof id === 'number') out.push({ ref: schema.$ref, id: String(id) });
    return recordsIn(doc, resolveRef(doc, schema), value, out, depth + 1);
  }
  for (const k of ['allOf', 'oneOf', 'anyOf'] as const) {
    if (Array.isArray(schema[k])) for (const branch of schema[k] as JsonSchema[]) recordsIn(doc, branch, value, out, depth + 1);
  }
  if (Array.isArray(value)) {
    for (const item of value) recordsIn(doc, schema.items as JsonSchema | undefined, item, out, depth + 1);
    return out;
  }
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const [k, sub] of Object.entries(props)) recordsIn(doc, sub, (value as Record<string, unknown>)[k], out, depth + 1);
  return out;
}

const jsonSchemaOf = (op: OperationSpec, status: string): JsonSchema | undefined => op.responses[status]?.schema;

/** A secured read without path parameters (a list, or a read by query): what the other tenant sees there must hold none of the records. */
export const isList = (op: OperationSpec) => op.method === 'get' && op.secured && !op.path.includes('{');

/** One run's cross-tenant cases: the requests after each producer, and the lists read at the end. */
export class TenantChecks {
  private readonly tries = new Map<string, number>();
  /** Per credential slot, the records its writes created. */
  private readonly created = new Map<number, Map<string, RecordRef>>();

  constructor(
    private readonly doc: OpenApiDocument,
    private readonly byId: Map<string, OperationSpec>,
    private readonly kit: SchemaKit,
    private readonly seed: number,
  ) {}

  /** Notes the records a successful write of slot `slot` answered with (for the list checks). */
  noteCreated(op: OperationSpec, statusKey: string | undefined, slot: number, response: WireResponse): void {
    if (!WRITES.has(op.method) || !statusKey?.startsWith('2') || response.json === undefined) return;
    const mine = this.created.get(slot) ?? new Map<string, RecordRef>();
    for (const r of recordsIn(this.doc, jsonSchemaOf(op, statusKey), response.json)) mine.set(`${r.ref} ${r.id}`, r);
    this.created.set(slot, mine);
  }

  /** After `op` produced `follow`: each operation its links lead to, asked by the other tenant. */
  plan(op: OperationSpec, follow: FollowUp[]): { target: OperationSpec; c: PlannedCase }[] {
    const out: { target: OperationSpec; c: PlannedCase }[] = [];
    for (const { target: id, entry } of follow) {
      const target = this.byId.get(id);
      if (!target?.secured || target.operationId === op.operationId) continue;
      const key = `${op.operationId} ${id}`;
      if ((this.tries.get(key) ?? 0) >= MAX_TRIES) continue;
      const base = exampleRequest(target, this.kit) ?? fc.sample(requestArbitrary(target, this.kit), { seed: this.seed, numRuns: 1 })[0]!;
      const input = bindEntry(base, entry);
      if (requestProblems(target, this.kit, input) !== '') continue;
      this.tries.set(key, (this.tries.get(key) ?? 0) + 1);
      out.push({
        target,
        c: { kind: 'stateful', label: `another tenant asks for what ${op.operationId} created`, input, auth: 'other-tenant', slot: entry.slot ?? 0, expect: { kind: 'isolated', producer: op.operationId } },
      });
    }
    return out;
  }

  /** The list reads: each secured list, by the other tenant of every slot that created records. */
  listCases(ops: OperationSpec[]): { target: OperationSpec; c: PlannedCase }[] {
    const out: { target: OperationSpec; c: PlannedCase }[] = [];
    for (const target of ops.filter(isList)) {
      const input = exampleRequest(target, this.kit) ?? fc.sample(requestArbitrary(target, this.kit), { seed: this.seed, numRuns: 1 })[0]!;
      for (const slot of this.created.keys()) {
        out.push({ target, c: { kind: 'stateful', label: `another tenant lists ${target.operationId}`, input, auth: 'other-tenant', slot, expect: { kind: 'any' } } });
      }
    }
    return out;
  }

  /** A list the other tenant of `slot` read must show none of the records `slot` created. */
  listLeaks(op: OperationSpec, slot: number, response: WireResponse): CheckFailure[] {
    const status = String(response.status);
    if (!status.startsWith('2') || response.json === undefined) return [];
    const mine = this.created.get(slot) ?? new Map<string, RecordRef>();
    const leaked = recordsIn(this.doc, jsonSchemaOf(op, status), response.json).filter((r) => mine.has(`${r.ref} ${r.id}`));
    if (leaked.length === 0) return [];
    const names = [...new Set(leaked.map((r) => `${r.ref.split('/').pop()} ${r.id}`))].slice(0, 5).join(', ');
    return [{ check: 'cross_tenant_isolation', message: `${op.operationId} shows another tenant ${leaked.length} record(s) credential #${slot} created: ${names}` }];
  }
}
