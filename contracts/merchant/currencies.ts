// Currencies enabled for payments (sections 2.9, 4.17).
import { boundedInt } from '../shared/primitives.ts';
import { REFERENCE_LIST_MAX, TEXT_LIMITS } from '../shared/limits.ts';
import { z } from '../shared/zod.ts';
import { CryptoIsoSchema, NetworkTypeSchema } from './enums.ts';

export const CurrencySchema = z
  .object({
    iso: CryptoIsoSchema,
    name: z.string().max(TEXT_LIMITS.code).openapi({ description: 'Name', example: 'Bitcoin' }),
    online: z.boolean().openapi({ description: 'False while under maintenance', example: true }),
    precision: boundedInt(0, 18).openapi({ description: 'Decimal places for amounts', example: 8 }),
    price_precision: boundedInt(0, 18).openapi({ description: 'Decimal places for prices and rates', example: 2 }),
    confirmations_required: boundedInt(1).openapi({ description: 'Default number of confirmations (minimum threshold 1)', example: 3 }),
    network_types: z.array(NetworkTypeSchema).max(REFERENCE_LIST_MAX).openapi({
      description: 'Possible network types: USDT lists ERC-20, BEP-20, TRC-20; others are empty',
      example: [],
    }),
  })
  .openapi('Currency', { description: 'A cryptocurrency enabled for payments (section 2.9)' });
export type Currency = z.infer<typeof CurrencySchema>;

export const CurrencyListSchema = z
  .object({ currencies: z.array(CurrencySchema).max(REFERENCE_LIST_MAX) })
  .openapi('CurrencyList', { description: 'Currencies enabled for payments' });
export type CurrencyList = z.infer<typeof CurrencyListSchema>;
