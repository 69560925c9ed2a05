// The three API modules (each its protocol and its reference handlers), for createServer: a
// composition, so it stands in the root, above the APIs it lists.
import { exchangeApi } from './exchange/api.ts';
import { merchantApi } from './merchant/api.ts';
import { partnerApi } from './partner/api.ts';
import type { ApiModule } from './api/module.ts';

export const API_MODULES = [exchangeApi, merchantApi, partnerApi] as unknown as readonly ApiModule[];
