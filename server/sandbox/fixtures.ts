// The ports the control API loads fixtures through, one per API's sandbox, filled in by each API's
// default handler set when the control API is on (absent when an API's handlers are replaced).
import type { ExchangeFixtures } from '../exchange/reference/sandbox-fixtures.ts';
import type { MerchantFixtures } from '../merchant/reference/sandbox-fixtures.ts';
import { ApiDomainError } from '../core/errors.ts';

export interface SandboxFixtures {
  exchange?: ExchangeFixtures;
  merchant?: MerchantFixtures;
}

/** The port of `api`, or 503 when its sandbox is not the reference implementation. */
export function fixturesOf<K extends keyof SandboxFixtures>(fixtures: SandboxFixtures, api: K): NonNullable<SandboxFixtures[K]> {
  const port = fixtures[api];
  if (!port) throw new ApiDomainError(503, '1006', `the ${api} API does not run the reference sandbox here: no fixtures`);
  return port;
}
