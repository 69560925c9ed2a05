// The control API's merchant fixture handlers (contracts/sandbox/merchant-fixtures.ts).
import type { merchantFixtureOperations } from '../../contracts/sandbox/merchant-fixtures.ts';
import type { HandlerMap } from '../api/handler-map.ts';
import { ApiDomainError } from '../errors.ts';
import type { SandboxControl } from './control.ts';
import { fixturesOf } from './fixtures.ts';

export function merchantFixtureHandlers(control: SandboxControl): HandlerMap<typeof merchantFixtureOperations, unknown> {
  return {
    async loadPayment({ params, body }) {
      const payment = await fixturesOf(control.fixtures, 'merchant').loadPayment(params.api_key, body.blockchain_status, body.payment);
      if (!payment) throw new ApiDomainError(404, '1004', 'Record not found', undefined, `no sandbox merchant key ${params.api_key}`);
      return { status: 201, body: payment };
    },
  };
}
