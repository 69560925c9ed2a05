// --prefer (decision S-prefer, a sandbox with the control API on): after an operation's cases, ask
// for each declared status the run did not reach with `Prefer: code=<status>` and check the answer:
// declared, well-formed, and the status asked for (a 5xx asked for is no server error).
import type { CheckFailure } from './checks.ts';
import { responseChecks } from './checks.ts';
import type { OperationSpec } from './document.ts';
import type { Plan } from './plan.ts';
import type { OperationTally } from './results.ts';
import type { SchemaKit } from './schemas.ts';
import type { Sender } from './sender.ts';
import type { WireResponse } from './wire.ts';

export async function preferUnreached(
  op: OperationSpec,
  plan: Plan,
  tally: OperationTally,
  kit: SchemaKit,
  sender: Sender,
  onCase?: (op: OperationSpec, c: Plan['cases'][number], response: WireResponse, failures: CheckFailure[]) => void,
): Promise<void> {
  const example = plan.cases.find((c) => c.kind === 'example' || c.kind === 'valid');
  if (!example) return;
  for (const row of tally.statuses()) {
    // A 429 asked for is not waited out (Sender.execute with `prefer`).
    if (row.state !== 'not exercised' || !/^\d{3}$/.test(row.status)) continue;
    const asked = Number(row.status);
    const response = await sender.execute(op, example, asked);
    const failures = responseChecks(op, kit, response).filter((f) => f.check !== 'not_a_server_error');
    if (response.status !== asked) failures.push({ check: 'status_code_conformance', message: `Prefer: code=${asked} answered ${response.status}` });
    tally.record(example, response.status, failures, response, true);
    onCase?.(op, example, response, failures);
  }
}
