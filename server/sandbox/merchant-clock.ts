// Per-merchant test clocks (decision S-clock): the control API reads and advances one merchant's
// clock (the merchant API's handlers run on their caller's clock: merchant/reference/merchant-clocks.ts).
import type { merchantClockOperations } from '../../contracts/sandbox/merchant-clock.ts';
import type { HandlerMap } from '../api/handler-map.ts';
import type { ServerConfig } from '../config/config.ts';
import { ApiDomainError } from '../core/errors.ts';
import type { SandboxControl } from './control.ts';
import { ownMerchant, type SandboxCaller } from './scope.ts';

export function merchantClockHandlers(control: SandboxControl, config: ServerConfig): HandlerMap<typeof merchantClockOperations, SandboxCaller> {
  const sandboxKey = (caller: SandboxCaller, apiKey: string) => {
    if (!config.merchant.keys.some((k) => k.sandbox && k.apiKey === ownMerchant(caller, apiKey))) {
      throw new ApiDomainError(404, '1004', 'Record not found', undefined, `no sandbox merchant key ${apiKey}`);
    }
    return apiKey;
  };
  const view = (apiKey: string, fired?: number) => {
    const { offset, pending } = control.clock.merchantView(apiKey);
    return {
      now: new Date(control.clock.within(apiKey, control.clock.now)).toISOString(),
      offset_seconds: Math.floor(offset / 1000),
      pending,
      ...(fired === undefined ? {} : { fired }),
    };
  };
  return {
    getMerchantClock: ({ params, principal }) => ({ status: 200, body: view(sandboxKey(principal, params.api_key)) }),
    async advanceMerchantClock({ params, body, principal }) {
      const fired = await control.clock.advanceMerchant(sandboxKey(principal, params.api_key), body.seconds * 1000);
      return { status: 200, body: view(params.api_key, fired) };
    },
  };
}
