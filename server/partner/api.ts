// The partner API in the server: its protocol (protocol.ts: operations, auth, error body, wire
// forms, rate-limit client key) and its reference handlers, the sandbox's defaults.
import type { ApiModule } from '../api/module.ts';
import type { PartnerPrincipal } from '../auth/principal.ts';
import type { PartnerOperations } from './handler-map.ts';
import { partnerProtocol } from './protocol.ts';
import { defaultPartnerHandlers } from './reference/defaults.ts';

export const partnerApi: ApiModule<PartnerOperations, PartnerPrincipal, 'partner'> = { ...partnerProtocol, defaultHandlers: defaultPartnerHandlers };
