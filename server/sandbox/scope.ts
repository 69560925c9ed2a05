// What a caller of the control API may act on (decision S-access). The machine the sandbox runs on
// (loopback, no credentials) acts on everything. A sandbox merchant key acts only on its own
// records: its merchant's data, clock, fixtures, deliveries and listen mode. Another merchant's or a
// trader's answers 404 exactly like a key that does not exist, so a key cannot even learn which
// other keys are configured. Operations that act on every merchant at once (reset everything, the
// global clock, the rate-limit exemption, a shared order book) are the machine's: 401 code 1003.
import type { MerchantPrincipal } from '../auth/principal.ts';
import { ApiDomainError } from '../core/errors.ts';

/** Who called: a sandbox merchant key, or undefined for the machine itself (loopback, no credentials). */
export type SandboxCaller = MerchantPrincipal | undefined;

const notFound = (what: string) => new ApiDomainError(404, '1004', 'Record not found', undefined, what);

/** True when `caller` may see `merchant`'s records. */
export const mayActOn = (caller: SandboxCaller, merchant: string): boolean => caller === undefined || caller.apiKey === merchant;

/** `merchant`, or 404 when the caller is another merchant's key. */
export function ownMerchant(caller: SandboxCaller, merchant: string): string {
  if (!mayActOn(caller, merchant)) throw notFound(`no sandbox merchant key ${merchant}`);
  return merchant;
}

/** `accessKey`, or 404 for a merchant key: no merchant key owns a trader. */
export function ownTrader(caller: SandboxCaller, accessKey: string): string {
  if (caller !== undefined) throw notFound(`no exchange access key ${accessKey}`);
  return accessKey;
}

/** Throws 401 1003 for a key caller: `what` (a noun) acts on every merchant's or trader's sandbox at once. */
export function machineOnly(caller: SandboxCaller, what: string): void {
  if (caller === undefined) return;
  throw new ApiDomainError(
    401, '1003',
    `A sandbox key acts on its own merchant only, and ${what} is everyone's: call it without credentials from the machine the server runs on`,
    undefined, `sandbox key ${caller.apiKey} may not ${what}`,
  );
}
