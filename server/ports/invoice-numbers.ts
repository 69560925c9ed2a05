// Port: invoice numbers (M5) claimed in a store shared by several instances as well as in the merchant
// store. Wraps any MerchantStore (memory, SQLite or PostgreSQL): a number is free only when both agree,
// so a store that keeps its own unique index stays authoritative after the shared store loses its data.
// The shared store (Redis) is outside the database's transaction, so its claim follows the
// transaction by compensation: released when the unit of work rolls back (a domain refusal, a
// storage failure, or a serialization failure before the unit runs again, which must find the
// number free), and at once when the merchant store refuses the number.
import type { MerchantStore } from './merchant-store.ts';
import type { UnitsOfWork } from './units.ts';

/** Reserves invoice numbers across instances; false when already taken. */
export interface InvoiceNumberClaims {
  claim(merchant: string, invoiceNumber: string): Promise<boolean>;
  /** Gives back a number this caller claimed and did not use (its transaction rolled back). */
  release(merchant: string, invoiceNumber: string): Promise<void>;
  /** Forgets every claim (the store's reset, for tests). */
  reset(): Promise<void>;
}

/**
 * `store` whose invoice-number claim also goes through `claims` (both must grant it); everything else
 * is the store's own. With `units`, a granted shared claim is released if the unit rolls back.
 */
export function withSharedInvoiceNumbers(
  store: MerchantStore,
  claims: InvoiceNumberClaims | undefined,
  units?: Pick<UnitsOfWork, 'afterRollback'>,
  log: (line: string) => void = () => undefined,
): MerchantStore {
  if (!claims) return store;
  const release = (merchant: string, invoiceNumber: string) =>
    claims.release(merchant, invoiceNumber).catch((e: unknown) => log(`invoice number ${invoiceNumber} stays claimed in the shared store: ${(e as Error).message}`));
  const own: Pick<MerchantStore, 'claimInvoiceNumber' | 'reset'> = {
    async claimInvoiceNumber(merchant, invoiceNumber) {
      if (!(await claims.claim(merchant, invoiceNumber))) return false;
      units?.afterRollback(() => void release(merchant, invoiceNumber));
      let granted = false;
      try {
        granted = await store.claimInvoiceNumber(merchant, invoiceNumber);
      } finally {
        // Refused by the store, or the claim failed: the shared claim is not ours to keep.
        if (!granted) await release(merchant, invoiceNumber);
      }
      return granted;
    },
    async reset() {
      await Promise.all([store.reset(), claims.reset()]);
    },
  };
  // A proxy rather than a spread: a store may be a class instance whose methods live on its prototype.
  return new Proxy(store, {
    get(target, prop) {
      if (prop === 'claimInvoiceNumber' || prop === 'reset') return own[prop];
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
