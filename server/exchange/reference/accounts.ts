// Who trades in the sandbox: every configured access key is one engine user (the key is the user
// id), seeded with `config.exchange.seedBalance` of every currency, the viewer key included (it
// can read balances and orders, just not trade: the auth answers 2011 before any handler runs).
import type { ServerConfig } from '../../config/config.ts';
import type { ExchangePrincipal } from '../../auth/principal.ts';
import { seedEveryCurrency, type SeedConfig } from '../engine/index.ts';

/** The engine user an authenticated request acts for. */
export function userOf(principal: ExchangePrincipal): string {
  return principal.accessKey;
}

/** The engine's seed: each configured key holds `seedBalance` of every currency. */
export function seedFromConfig(exchange: Pick<ServerConfig['exchange'], 'keys' | 'seedBalance'>): SeedConfig {
  return seedEveryCurrency(
    exchange.keys.map((k) => k.accessKey),
    () => exchange.seedBalance,
  );
}
