// The handler map type of the partner API and its parts, from the contract's operations.
import type { partnerOperations } from '../../../contracts/partner/operations.ts';
import type { PartnerPrincipal } from '../../auth/principal.ts';
import type { HandlerMap } from '../../handlers/types.ts';

export type PartnerHandlers = HandlerMap<typeof partnerOperations, PartnerPrincipal>;
export type PartnerHandlersOf<K extends keyof PartnerHandlers> = Pick<PartnerHandlers, K>;
