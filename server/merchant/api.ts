// The merchant API in the server: its protocol (protocol.ts: operations, auth, error body, wire
// forms, rate-limit client key) and its reference handlers, the sandbox's defaults.
import type { ApiModule } from '../api/module.ts';
import type { MerchantPrincipal } from '../auth/principal.ts';
import type { MerchantOperations } from './handler-map.ts';
import { merchantProtocol } from './protocol.ts';
import { defaultMerchantHandlers } from './reference/defaults.ts';
import type { MerchantSandboxHooks } from './reference/sandbox-hooks.ts';

export const merchantApi: ApiModule<MerchantOperations, MerchantPrincipal, 'merchant', MerchantSandboxHooks> = { ...merchantProtocol, defaultHandlers: defaultMerchantHandlers };
