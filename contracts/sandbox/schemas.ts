// The sandbox control API's bodies: what was reset, the test clock, the rate-limit exemption.
import { z } from '../shared/zod.ts';

/** Longest single advance of the test clock: a year (invoice expiry is 90 days after `due_at`). */
export const MAX_ADVANCE_SECONDS = 366 * 24 * 3600;

export const ResetResultSchema = z
  .object({
    scope: z.enum(['all', 'merchant']).openapi({ description: '`all`: every API of the sandbox; `merchant`: one merchant key' }),
    merchant: z.string().max(128).optional().openapi({ description: 'The merchant API key whose data was removed (scope `merchant`)' }),
    removed: z.number().int().min(0).openapi({ description: 'Records removed in all, the sum of `records`' }),
    records: z
      .record(z.string().max(64), z.number().int().min(1))
      .openapi({
        description:
          'Records removed per store, `<api>.<kind>` (only kinds that had any). The exchange is put back to its seeded balances ' +
          'with no orders or trades: those are not counted here.',
        example: { 'merchant.payments': 1, 'merchant.transactions': 1 },
      }),
  })
  .strict()
  .openapi('ResetResult', { description: 'What a reset removed' });

export const ClockSchema = z
  .object({
    now: z.string().max(40).openapi({ description: 'The sandbox time, ISO 8601 UTC', example: '2026-11-25T10:00:00.000Z' }),
    offset_seconds: z.number().int().min(0).openapi({ description: 'How far the test clock is ahead of real time, in whole seconds' }),
    pending: z.number().int().min(0).openapi({ description: 'Scheduled steps not yet due (lifecycle steps, webhook retries, expiries)' }),
    fired: z.number().int().min(0).optional().openapi({ description: 'Steps this advance ran (POST /clock/advance only)' }),
  })
  .strict()
  .openapi('Clock', { description: 'The test clock of the merchant sandbox' });

export const AdvanceClockRequestSchema = z
  .object({
    seconds: z.number().int().min(1).max(MAX_ADVANCE_SECONDS).openapi({ description: `Seconds to move the clock forward (1 to ${MAX_ADVANCE_SECONDS})`, example: 5 }),
  })
  .strict()
  .openapi('AdvanceClockRequest');

export const RateLimitsSchema = z
  .object({
    sandbox_keys_exempt: z.boolean().openapi({ description: 'True: requests authenticated with a sandbox credential skip the rate limits' }),
  })
  .strict()
  .openapi('RateLimits', { description: 'Whether sandbox credentials are exempt from the rate limits' });

export type ResetResult = z.infer<typeof ResetResultSchema>;
export type Clock = z.infer<typeof ClockSchema>;
export type RateLimits = z.infer<typeof RateLimitsSchema>;
