// The three API contracts, in the order the docs list them, and the sandbox control API's.
import type { AnyContract, ApiContract } from './shared/contract.ts';
import { exchangeContract } from './exchange/index.ts';
import { merchantContract } from './merchant/index.ts';
import { partnerContract } from './partner/index.ts';
import { sandboxContract } from './sandbox/index.ts';

export { exchangeContract, merchantContract, partnerContract, sandboxContract };

export const contracts: readonly ApiContract[] = [exchangeContract, merchantContract, partnerContract];

/** Every document the pipeline writes: the three APIs, then the sandbox control API (served only by a sandbox). */
export const documents: readonly AnyContract[] = [...contracts, sandboxContract];
