// The sandbox control API's handlers over a SandboxControl (contracts/sandbox/operations.ts).
import type { sandboxOperations } from '../../contracts/sandbox/operations.ts';
import type { HandlerMap } from '../api/handler-map.ts';
import type { ServerConfig } from '../config/config.ts';
import { ApiDomainError } from '../core/errors.ts';
import type { SandboxControl } from './control.ts';
import { deliveryHandlers } from './deliveries.ts';
import { exchangeFixtureHandlers } from './exchange-fixtures.ts';
import { merchantFixtureHandlers } from './merchant-fixtures.ts';
import { merchantClockHandlers } from './merchant-clock.ts';
import { machineOnly, ownMerchant, type SandboxCaller } from './scope.ts';

export type SandboxHandlers = HandlerMap<typeof sandboxOperations, SandboxCaller>;

const total = (records: Record<string, number>) => Object.values(records).reduce((a, b) => a + b, 0);

export function sandboxHandlers(control: SandboxControl, config: ServerConfig): SandboxHandlers {
  const clockView = (fired?: number) => ({
    now: new Date(control.clock.now()).toISOString(),
    offset_seconds: Math.floor(control.clock.offset / 1000),
    pending: control.clock.pending,
    ...(fired === undefined ? {} : { fired }),
  });
  return {
    ...deliveryHandlers(control, config),
    ...exchangeFixtureHandlers(control, config),
    ...merchantFixtureHandlers(control, config),
    ...merchantClockHandlers(control, config),
    async resetSandbox({ principal }) {
      machineOnly(principal, 'a reset of everything');
      const records = await control.resetAll();
      return { status: 200, body: { scope: 'all', removed: total(records), records } };
    },
    async resetMerchant({ params, principal }) {
      if (!config.merchant.keys.some((k) => k.sandbox && k.apiKey === ownMerchant(principal, params.api_key))) {
        throw new ApiDomainError(404, '1004', 'Record not found', undefined, `no sandbox merchant key ${params.api_key}`);
      }
      const records = await control.resetMerchant(params.api_key);
      return { status: 200, body: { scope: 'merchant', merchant: params.api_key, removed: total(records), records } };
    },
    getClock: () => ({ status: 200, body: clockView() }),
    async advanceClock({ body, principal }) {
      machineOnly(principal, 'the global clock (a key advances its own: POST /merchants/{api_key}/clock/advance)');
      const fired = await control.clock.advance(body.seconds * 1000);
      return { status: 200, body: clockView(fired) };
    },
    getRateLimits: () => ({ status: 200, body: { sandbox_keys_exempt: control.exempt } }),
    setRateLimits({ body, principal }) {
      machineOnly(principal, 'the rate-limit exemption');
      control.exempt = body.sandbox_keys_exempt;
      return { status: 200, body: { sandbox_keys_exempt: control.exempt } };
    },
  };
}
