// The three API contracts, in the order the docs list them.
import type { ApiContract } from './shared/contract.ts';
import { exchangeContract } from './exchange/index.ts';
import { merchantContract } from './merchant/index.ts';
import { partnerContract } from './partner/index.ts';

export { exchangeContract, merchantContract, partnerContract };

export const contracts: readonly ApiContract[] = [exchangeContract, merchantContract, partnerContract];
