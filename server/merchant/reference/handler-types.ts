// The handler map type of the merchant API and its parts, from the contract's operations.
import type { merchantOperations } from '../../../contracts/merchant/operations.ts';
import type { MerchantPrincipal } from '../../auth/principal.ts';
import type { HandlerMap } from '../../handlers/types.ts';

export type MerchantHandlers = HandlerMap<typeof merchantOperations, MerchantPrincipal>;
export type MerchantHandlersOf<K extends keyof MerchantHandlers> = Pick<MerchantHandlers, K>;
