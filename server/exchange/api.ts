// The exchange API in the server: its protocol (protocol.ts: operations, auth, error body, wire
// forms, rate-limit client key) and its reference handlers, the sandbox's defaults.
import type { ApiModule } from '../api/module.ts';
import type { ExchangePrincipal } from '../auth/principal.ts';
import type { ExchangeOperations } from './handler-map.ts';
import { exchangeProtocol } from './protocol.ts';
import { defaultExchangeHandlers, type ExchangeSandboxHooks } from './reference/defaults.ts';

export const exchangeApi: ApiModule<ExchangeOperations, ExchangePrincipal, 'exchange', ExchangeSandboxHooks> = { ...exchangeProtocol, defaultHandlers: defaultExchangeHandlers };
