// Methods a path does not have (Schemathesis's unsupported_method): for every path of the
// document, each of GET, PUT, POST, DELETE and PATCH it does not document is sent once and must
// answer 405 with `Allow` and the API's error body; OPTIONS is sent once and its `Allow` must name
// exactly the documented methods. Each probe is a small operation of its own (`PUT /payments`)
// whose only declared answer is the 405 the path's operations declare.
import fc from 'fast-check';
import type { OperationSpec, ResponseSpec } from './document.ts';
import type { PlannedCase } from './plan.ts';
import { requestArbitrary } from './requests.ts';
import type { SchemaKit } from './schemas.ts';

const PROBED = ['get', 'put', 'post', 'delete', 'patch', 'options'] as const;

export interface Probe {
  op: OperationSpec;
  c: PlannedCase;
}

/** The probes of every path of the document, in path order. */
export function methodProbes(ops: OperationSpec[], kit: SchemaKit, seed: number): Probe[] {
  const byPath = new Map<string, OperationSpec[]>();
  for (const op of ops) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  const out: Probe[] = [];
  for (const [path, siblings] of byPath) {
    const documented = siblings.map((o) => o.method);
    const allow = documented.map((m) => m.toUpperCase());
    const sibling = siblings[0]!;
    // Path values a sibling would send (valid ones: the answer is about the method, not the id).
    const [sample] = fc.sample(requestArbitrary(sibling, kit), { seed, numRuns: 1 });
    const input = { path: sample?.path ?? {}, query: {} };
    // The 405 the path's operations declare (with its headers and error body); none declared, none allowed.
    const declared = siblings.map((o) => o.responses['405']).find((r): r is ResponseSpec => r !== undefined);
    for (const method of PROBED) {
      if (documented.includes(method)) continue;
      const op: OperationSpec = {
        api: sibling.api, operationId: `${method.toUpperCase()} ${path}`, method, path, parameters: sibling.parameters.filter((p) => p.in === 'path'),
        responses: declared ? { '405': declared } : {}, secured: sibling.secured,
      };
      const label = method === 'options' ? 'OPTIONS: Allow names the documented methods' : `${method.toUpperCase()}: not documented, 405`;
      out.push({ op, c: { kind: 'method', label, input, method, auth: 'valid', slot: 0, expect: { kind: 'method', allow } } });
    }
  }
  return out;
}
