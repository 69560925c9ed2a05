// The shipped types, which are openapi-typescript's stock output (stock-types.test.ts): a request
// field with a default may be left out, and a body with a rule between its fields keeps its fields
// typed (an `unknown` body would accept anything).
import { describe, expectTypeOf, it } from 'vitest';
import type { paths as Merchant, components as MerchantComponents } from '../generated/types/merchant.ts';
import type { paths as Sandbox } from '../generated/types/sandbox.ts';

type Json<P, Path extends keyof P, M extends string> = P[Path] extends Record<M, { requestBody: { content: { 'application/json': infer B } } }> ? B : never;
type Refund = Json<Merchant, '/transactions/{transaction_id}/refunds', 'post'>;
type InstantRefund = Json<Merchant, '/transactions/instant_refund', 'post'>;
type Invoice = Json<Merchant, '/invoices', 'post'>;
type Payment = Json<Merchant, '/payments', 'post'>;

describe('request bodies of the stock types', () => {
  it('leave defaulted fields optional', () => {
    expectTypeOf<{ email: string; amount_to_refund: string }>().toExtend<Refund>();
    expectTypeOf<Refund['expires_in']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Refund['send_email']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<{ id: number; address: string; amount_to_refund_fiat: string }>().toExtend<InstantRefund>();
    expectTypeOf<{ invoice: { amount: string; currency_iso: 'USD'; invoice_recipient_id: number } }>().toExtend<Invoice>();
    expectTypeOf<Invoice['save_recipient']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<Payment['payment']['network_type']>().toEqualTypeOf<'ERC-20' | 'BEP-20' | 'TRC-20' | undefined>();
    type RefundFixture = Json<Sandbox, '/merchants/{api_key}/transactions/{transaction_id}/refunds', 'post'>;
    expectTypeOf<RefundFixture['refund']['send_email']>().toEqualTypeOf<boolean | undefined>();
  });

  it('keep the fields of a body with a rule between them typed', () => {
    expectTypeOf<Refund>().not.toBeUnknown();
    expectTypeOf<{ email: 42; amount_to_refund: '1' }>().not.toExtend<Refund>();
    expectTypeOf<{ amount_to_refund: '1' }>().not.toExtend<Refund>();
    expectTypeOf<{ id: 1; address: 'x'; refund_full_amount: true }>().toExtend<InstantRefund>();
    expectTypeOf<{ id: 1; refund_full_amount: true }>().not.toExtend<InstantRefund>();
    expectTypeOf<MerchantComponents['schemas']['InvoiceRecipientFields']>().not.toBeUnknown();
    expectTypeOf<{ company_name: 'Acme' }>().not.toExtend<MerchantComponents['schemas']['InvoiceRecipientFields']>();
  });
});
