// Payments (sections 2.1, 2.2, 4.1 to 4.3): the direct Payment, the hosted widget payment, and
// their request bodies. createPayment nests its fields under `payment`; the widget body is flat.
import { TEXT_LIMITS } from '../shared/limits.ts';
import { countryCode, decimalString, email, fiatCurrency, invoiceNumber, ipAddress, personName, phoneDigits, positiveDecimalString, regionName, streetAddress, zipCode, boundedInt, recordId } from '../shared/primitives.ts';
import { z } from '../shared/zod.ts';
import { BlockchainStatusSchema, CryptoIsoSchema, NETWORK_TYPES, paymentWebhookUrl, reference, TransactionStatusSchema, unixSeconds, webUrl } from './enums.ts';

export const PaymentStatusSchema = z
  .object({
    blockchain_status: BlockchainStatusSchema,
    transaction_status: z.union([TransactionStatusSchema, z.null()]).openapi({
      description: 'Transaction status; null until the payment is found on the blockchain',
    }),
  })
  .openapi('PaymentStatus', { description: 'Blockchain and transaction status of a payment (section 3)' });

export const CryptoAddressInfoSchema = z
  .object({
    iso: CryptoIsoSchema,
    address: z.string().max(TEXT_LIMITS.crypto).openapi({ description: 'Address given to the customer', example: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }),
    cash_address: z.string().max(TEXT_LIMITS.crypto).optional().openapi({ description: 'Bitcoin Cash cash address; only for Bitcoin Cash (Bitcoin payments may carry it too)' }),
    xaddress: z.string().max(TEXT_LIMITS.crypto).optional().openapi({ description: 'XRP X-address; only for XRP' }),
    destination_tag: z.string().max(TEXT_LIMITS.crypto).optional().openapi({ description: 'XRP destination tag; only for XRP. The customer must use it.' }),
    start_timestamp: unixSeconds('Unix time (s) from which the address accepts payment for this invoice', 1767225600),
    expires_timestamp: unixSeconds(
      'Unix time (s) until which the address accepts payment: five minutes after display. A payment sent in the window is still processed once found.',
      1767225900,
    ),
  })
  .openapi('CryptoAddressInfo', { description: 'Where and until when the customer pays' });

export const PaymentSchema = z
  .object({
    id: recordId().openapi({ description: 'Payment id used for lookup', example: 1001 }),
    amount: decimalString("Invoice amount in the merchant's default currency"),
    txid: z.string().max(TEXT_LIMITS.crypto).openapi({ description: 'Blockchain transaction id; empty string until a transaction is found', example: '' }),
    invoice_number: z.string().max(TEXT_LIMITS.invoiceNumber).openapi({ description: 'Invoice number', example: 'INV1001' }),
    amount_due: decimalString('Converted cryptocurrency amount due, to the currency precision'),
    amount_received: decimalString('Amount sent by the customer to the address; `0` until found'),
    exchange_rate: decimalString('Market price of the cryptocurrency used for the conversion'),
    exchange_rate_currency: fiatCurrency('Base currency of the quoted price'),
    status: PaymentStatusSchema,
    crypto_address_info: CryptoAddressInfoSchema,
    url: z.url().max(TEXT_LIMITS.url).openapi({ description: "URL to look up the payment's details", example: 'https://portal.example.com/payments/1001' }),
  })
  .openapi('Payment', { description: 'A direct payment (section 2.1): response of Create a Payment and Query a Payment.' });
export type Payment = z.infer<typeof PaymentSchema>;

export const PAYMENT_CONFIRMATIONS_PATTERN = '^[1-9][0-9]*$';

export const CreatePaymentFieldsSchema = z
  .object({
    amount: positiveDecimalString('Amount in `currency_iso`; digits and `.`'),
    external_id: reference("Merchant's reference", 'order-1001'),
    currency_iso: fiatCurrency('Merchant currency: USD, CAD or EUR'),
    // Inline enum, not the NetworkType $ref: `.default()` on a named schema leaks into the component.
    network_type: z.enum(NETWORK_TYPES).default('ERC-20').openapi({
      description: 'For currencies with several networks (USDT): ERC-20, BEP-20 or TRC-20; default ERC-20. Ignored for single-network currencies.',
    }),
    crypto_iso: CryptoIsoSchema,
    confirmations_required: z.string().max(16).regex(new RegExp(PAYMENT_CONFIRMATIONS_PATTERN)).openapi({
      description:
        'Confirmations threshold, a string of digits (as the document types it); minimum 1. A threshold above 1 keeps the transaction in pending_confirmation until met.',
      example: '3',
    }),
    ip: ipAddress(),
    invoice_number: invoiceNumber('Invoice number, a-z A-Z 0-9; unique per merchant (a duplicate answers 422 code 2001, decision M5)'),
    first_name: personName("Customer's first name", 'Jane'),
    last_name: personName("Customer's last name", 'Doe'),
    email: email("Customer's e-mail address"),
    phone: phoneDigits().optional(),
    address: streetAddress().optional(),
    city: regionName('City', 'Toronto').optional(),
    state: regionName('State or province', 'Ontario').optional(),
    zip: zipCode().optional(),
    country: countryCode().optional(),
    webhook_url: paymentWebhookUrl(
      'Target of the payment webhooks. https; sandbox keys may also use http on 127.0.0.1 or localhost (decision M3, enforced by the server). Default: none.',
    ).optional(),
  })
  .openapi('CreatePaymentFields', { description: 'Fields of a direct payment (section 4.2)' });

export const CreatePaymentRequestSchema = z
  .object({ payment: CreatePaymentFieldsSchema })
  .openapi('CreatePaymentRequest', { description: 'Body of Create a Payment: the fields nested under `payment`.' });
export type CreatePaymentRequest = z.input<typeof CreatePaymentRequestSchema>;

export const GetPaymentParamsSchema = z.object({
  payment_id: z.string().min(1).max(TEXT_LIMITS.reference).openapi({ description: 'Payment id (string in the path)', example: '1001' }),
});
export const GetPaymentQuerySchema = z.object({
  crypto_iso: CryptoIsoSchema.openapi({ description: 'Cryptocurrency of the payment; an unknown value answers 422 code 2004 (decision M1)' }),
});

export const WidgetPaymentSchema = z
  .object({
    status: z.literal(200).openapi({ type: 'integer', enum: [200], minimum: 200, maximum: 200, description: 'Always 200', example: 200 }),
    id: recordId().openapi({ description: 'Unique widget payment id', example: 5001 }),
    token: z.string().max(TEXT_LIMITS.token).openapi({
      description: 'Token for the customer redirect: `{portal_url}/widget/payment?data=<token>`',
      example: 'eyJ3aWRnZXQiOjUwMDF9',
    }),
  })
  .openapi('WidgetPayment', { description: 'Response of Create Widget Payment (section 2.2)' });
export type WidgetPayment = z.infer<typeof WidgetPaymentSchema>;

export const CreateWidgetPaymentRequestSchema = z
  .object({
    amount: positiveDecimalString("Amount in the merchant's default currency; digits and `.`"),
    external_id: reference("Merchant's reference; appended as `external_id=<external_id>` to the redirect after payment", 'order-2001'),
    hosted_payment_id: recordId().openapi({ description: 'Hosted payment plugin id', example: 1 }),
    first_name: personName("Customer's first name", 'Jane'),
    last_name: personName("Customer's last name", 'Doe'),
    email: email("Customer's e-mail address"),
    callback_url: webUrl("Redirect after payment; default: the plugin's Payment received URL", 'https://shop.example.com/paid').optional(),
    webhook_url: paymentWebhookUrl("Webhook target; default: the plugin's Webhook URL. https, or http on loopback for sandbox keys (decision M3).").optional(),
    cancel_url: webUrl("Redirect on cancel; default: the plugin's setting", 'https://shop.example.com/cancelled').optional(),
    address: streetAddress().optional(),
    city: regionName('City', 'Toronto').optional(),
    province: regionName('Province or state', 'Ontario').optional(),
    country: countryCode().optional(),
    phone: phoneDigits().optional(),
    invoice_number: invoiceNumber('Invoice number; unique per merchant (decision M5); generated if omitted').optional(),
    crypto_currency_iso: CryptoIsoSchema.optional().openapi({ description: 'Skips the currency selection screen' }),
    confirmations_required: boundedInt(1).optional().openapi({ description: 'Confirmations threshold; minimum 1', example: 3 }),
  })
  .openapi('CreateWidgetPaymentRequest', { description: 'Body of Create Widget Payment (section 4.1), flat.' });
export type CreateWidgetPaymentRequest = z.input<typeof CreateWidgetPaymentRequestSchema>;
