// Checks shared by the handlers that take amounts and invoice numbers.
import { Big } from './money.ts';
import { duplicateInvoiceNumber, invalid } from './problems.ts';
import type { MerchantSandbox } from './sandbox.ts';

/** The schema allows `0`; a payment, invoice or refund of nothing is meaningless. */
export function requirePositive(field: string, amount: string): Big {
  const a = new Big(amount);
  if (a.lte(0)) throw invalid(field, 'must be greater than 0');
  return a;
}

/** Claims the given invoice number (M5, 422 code 2001 when taken) or generates a free one. */
export async function claimInvoiceNumber(sb: MerchantSandbox, merchant: string, field: string, given: string | undefined, prefix: string): Promise<string> {
  if (given !== undefined) {
    if (!(await sb.store.claimInvoiceNumber(merchant, given))) throw duplicateInvoiceNumber(field, given);
    return given;
  }
  for (let n = 1; ; n++) {
    const candidate = `${prefix}${sb.now().toString(36).toUpperCase()}${n}`;
    if (await sb.store.claimInvoiceNumber(merchant, candidate)) return candidate;
  }
}
