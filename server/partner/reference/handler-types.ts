// The handler map type of the partner API (server/partner/api.ts) and its parts.
import type { PartnerHandlers } from '../api.ts';

export type { PartnerHandlers };
export type PartnerHandlersOf<K extends keyof PartnerHandlers> = Pick<PartnerHandlers, K>;
