// The three API modules (each its protocol and its reference handlers), for createServer.
import type { ApiId } from '../../contracts/shared/contract.ts';
import { exchangeApi } from '../exchange/api.ts';
import { merchantApi } from '../merchant/api.ts';
import { partnerApi } from '../partner/api.ts';
import type { ApiModule } from './module.ts';

export const API_MODULES = [exchangeApi, merchantApi, partnerApi] as unknown as readonly ApiModule[];

export const apiModule = (id: ApiId): ApiModule => API_MODULES.find((m) => m.id === id)!;
