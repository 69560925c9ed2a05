// What the merchant's reference handlers attach to the sandbox control (server/sandbox/control.ts)
// when the control API is on: its reset, its fixtures, its webhook delivery log (decision S-listen),
// and the test clock its lifecycle and each merchant's requests run on (decision S-clock). Stated
// here, by the side that attaches, so these handlers need not import the sandbox above them.
import type { SandboxHooks } from '../../api/module.ts';
import type { DeliveryRecord } from '../../ports/merchant-records.ts';
import type { Table } from '../../ports/table.ts';
import type { MerchantClocks } from './merchant-clocks.ts';
import type { MerchantFixtures } from './sandbox-fixtures.ts';
import type { Timers } from './timers.ts';

/** What the control API reads the webhook delivery log through: the deliveries table and the dispatcher. */
export interface DeliveryLog {
  deliveries: Table<DeliveryRecord>;
  webhooks: {
    listen(merchant: string, on: boolean): void;
    onRecorded(fn: (r: DeliveryRecord) => void): () => void;
    replay(original: DeliveryRecord & { body: string; headers: { 'content-type': string } }, url: string): Promise<DeliveryRecord>;
  };
}

export interface MerchantSandboxHooks extends SandboxHooks {
  /** The test clock: the lifecycle's timers, and each merchant key's own clock. */
  readonly clock: Timers & MerchantClocks;
  deliveryLog?: DeliveryLog;
  readonly fixtures: { merchant?: MerchantFixtures };
}
