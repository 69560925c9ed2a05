// Rules of the documents that JSON Schema cannot state (a field equal to another), applied to
// every generated valid request of the operation so that "valid" means valid to the server too.
// Each entry names the rule it follows.
import type { ApiId } from './document.ts';
import type { RequestInput } from './wire.ts';

type Fixup = (input: RequestInput) => RequestInput;

const at = (v: unknown, key: string): Record<string, unknown> | undefined => {
  const x = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return x !== null && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : undefined;
};

export const FIXUPS: Partial<Record<ApiId, Record<string, Fixup>>> = {
  merchant: {
    // Create an Invoice, `currency_iso`: "Must match account currency" (the sandbox accounts are USD).
    createInvoice: (input) => {
      const invoice = at(input.body, 'invoice');
      if (invoice) invoice.currency_iso = process.env.CONTRACT_MERCHANT_CURRENCY ?? 'USD';
      return input;
    },
  },
  partner: {
    // Registration schema: "`password_confirmation` must equal `password` (checked by the server)".
    registerUser: (input) => {
      const registration = at(input.body, 'registration');
      if (registration && typeof registration.password === 'string') registration.password_confirmation = registration.password;
      return input;
    },
  },
};

/** The operation's fixup, or the identity. */
export function fixupFor(api: ApiId, operationId: string): Fixup {
  return FIXUPS[api]?.[operationId] ?? ((input) => input);
}
