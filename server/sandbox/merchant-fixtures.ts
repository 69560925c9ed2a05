// The control API's merchant fixture handlers (contracts/sandbox/merchant-fixtures.ts).
import type { merchantFixtureOperations } from '../../contracts/sandbox/merchant-fixtures.ts';
import type { HandlerMap } from '../api/handler-map.ts';
import { ApiDomainError } from '../errors.ts';
import type { SandboxControl } from './control.ts';
import { fixturesOf } from './fixtures.ts';

/** The record, or 404 when the key is no sandbox merchant key. */
function found<T>(record: T | undefined, apiKey: string): T {
  if (!record) throw new ApiDomainError(404, '1004', 'Record not found', undefined, `no sandbox merchant key ${apiKey}`);
  return record;
}

export function merchantFixtureHandlers(control: SandboxControl): HandlerMap<typeof merchantFixtureOperations, unknown> {
  // A fixture is made on its merchant's clock (S-clock), as that merchant's own requests are.
  const port = () => fixturesOf(control.fixtures, 'merchant');
  const on = <T>(apiKey: string, fn: () => Promise<T>) => control.clock.within(apiKey, fn);
  return {
    async loadPayment({ params, body }) {
      return { status: 201, body: found(await on(params.api_key, () => port().loadPayment(params.api_key, body.blockchain_status, body.payment)), params.api_key) };
    },
    async loadInvoice({ params, body }) {
      return { status: 201, body: found(await on(params.api_key, () => port().loadInvoice(params.api_key, body.status, body.invoice)), params.api_key) };
    },
    async loadRefund({ params, body }) {
      return { status: 201, body: found(await on(params.api_key, () => port().loadRefund(params.api_key, params.transaction_id, body.status, body.refund)), params.api_key) };
    },
  };
}
