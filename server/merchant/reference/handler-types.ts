// The handler map type of the merchant API (server/merchant/api.ts) and its parts.
import type { MerchantHandlers } from '../api.ts';

export type { MerchantHandlers };
export type MerchantHandlersOf<K extends keyof MerchantHandlers> = Pick<MerchantHandlers, K>;
