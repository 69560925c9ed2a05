// Port: invoice numbers (M5) claimed in a store shared by several instances as well as in the merchant
// store. Wraps any MerchantStore (memory or SQLite): a number is free only when both agree, so a
// store that keeps its own unique index stays authoritative after the shared store loses its data.
import type { MerchantStore } from './merchant-store.ts';

/** Reserves invoice numbers across instances; false when already taken. */
export interface InvoiceNumberClaims {
  claim(merchant: string, invoiceNumber: string): Promise<boolean>;
  /** Forgets every claim (the store's reset, for tests). */
  reset(): Promise<void>;
}

/** `store` whose invoice-number claim also goes through `claims` (both must grant it); everything else is the store's own. */
export function withSharedInvoiceNumbers(store: MerchantStore, claims: InvoiceNumberClaims | undefined): MerchantStore {
  if (!claims) return store;
  const own: Pick<MerchantStore, 'claimInvoiceNumber' | 'reset'> = {
    async claimInvoiceNumber(merchant, invoiceNumber) {
      return (await claims.claim(merchant, invoiceNumber)) && (await store.claimInvoiceNumber(merchant, invoiceNumber));
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
