// The control API's merchant fixture handlers (contracts/sandbox/merchant-fixtures.ts). A key loads
// fixtures only for itself (scope.ts), and a refund only for a key holding Refund Create, as
// POST /transactions/{id}/refunds of the merchant API requires: a fixture is no way around it.
import type { merchantFixtureOperations } from '../../contracts/sandbox/merchant-fixtures.ts';
import type { HandlerMap } from '../api/handler-map.ts';
import { lacksPermission } from '../auth/merchant.ts';
import type { ServerConfig } from '../config/config.ts';
import { ApiDomainError } from '../core/errors.ts';
import type { SandboxControl } from './control.ts';
import { fixturesOf } from './fixtures.ts';
import { ownMerchant, type SandboxCaller } from './scope.ts';

/** The record, or 404 when the key is no sandbox merchant key. */
function found<T>(record: T | undefined, apiKey: string): T {
  if (!record) throw new ApiDomainError(404, '1004', 'Record not found', undefined, `no sandbox merchant key ${apiKey}`);
  return record;
}

export function merchantFixtureHandlers(control: SandboxControl, config: ServerConfig): HandlerMap<typeof merchantFixtureOperations, SandboxCaller> {
  // A fixture is made on its merchant's clock (S-clock), as that merchant's own requests are.
  const port = () => fixturesOf(control.fixtures, 'merchant');
  const on = <T>(caller: SandboxCaller, apiKey: string, fn: () => Promise<T>) => control.clock.within(ownMerchant(caller, apiKey), fn);
  const mayRefund = (apiKey: string) => {
    const key = config.merchant.keys.find((k) => k.sandbox && k.apiKey === apiKey);
    // An unknown key is the port's 404 (found); a known one without the permission, the API's own 401 1003.
    if (key && !key.permissions.includes('refund:create')) throw lacksPermission('refund:create');
  };
  return {
    async loadPayment({ params, body, principal }) {
      return { status: 201, body: found(await on(principal, params.api_key, () => port().loadPayment(params.api_key, body.blockchain_status, body.payment)), params.api_key) };
    },
    async loadInvoice({ params, body, principal }) {
      return { status: 201, body: found(await on(principal, params.api_key, () => port().loadInvoice(params.api_key, body.status, body.invoice)), params.api_key) };
    },
    async loadRefund({ params, body, principal }) {
      ownMerchant(principal, params.api_key);
      mayRefund(params.api_key);
      return { status: 201, body: found(await on(principal, params.api_key, () => port().loadRefund(params.api_key, params.transaction_id, body.status, body.refund)), params.api_key) };
    },
  };
}
