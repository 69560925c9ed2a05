// The sandbox control API's operations, keyed by operationId.
import { defineOperations } from '../shared/operation.ts';
import { partnerErrors } from '../shared/responses.ts';
import { z } from '../shared/zod.ts';
import { deliveryOperations } from './deliveries.ts';
import { AdvanceClockRequestSchema, ClockSchema, RateLimitsSchema, ResetResultSchema } from './schemas.ts';

import { SANDBOX_SECURITY } from './security.ts';
import { exchangeFixtureOperations } from './exchange-fixtures.ts';
import { merchantFixtureOperations } from './merchant-fixtures.ts';
import { merchantClockOperations } from './merchant-clock.ts';

export { SANDBOX_SECURITY };

// Every operation may answer 422: an undocumented query parameter is refused (the single validation pass).
const errors = () => partnerErrors({}, 400, 401, 404, 405, 422, 500, 503);
const paramErrors = errors;
const bodyErrors = () => partnerErrors({}, 400, 401, 404, 405, 413, 415, 422, 500, 503);

const clockExample = { now: '2026-11-25T10:00:05.000Z', offset_seconds: 5, pending: 0 };

export const sandboxOperations = defineOperations({
  resetSandbox: {
    method: 'post',
    path: '/reset',
    summary: 'Reset everything',
    description:
      'Empties the merchant sandbox (payments, invoices, refunds, payouts, the delivery log; pending lifecycle steps and ' +
      'webhook retries are cancelled), puts the exchange back to its seeded balances with no orders or trades, empties ' +
      'the partner sandbox, and sets the test clock back to real time.',
    tags: ['Reset'],
    security: SANDBOX_SECURITY,
    responses: {
      200: { description: 'Everything reset', schema: ResetResultSchema, example: { scope: 'all', removed: 3, records: { 'merchant.payments': 1, 'merchant.transactions': 1, 'partner.registrations': 1 } } },
      ...errors(),
    },
  },
  resetMerchant: {
    method: 'post',
    path: '/merchants/{api_key}/reset',
    summary: "Reset one merchant's data",
    description: "Removes every record of one merchant API key (payments, transactions, invoices, refunds, payouts, recipients, deliveries); other merchants are untouched.",
    tags: ['Reset'],
    security: SANDBOX_SECURITY,
    request: { params: z.object({ api_key: z.string().min(1).max(128).openapi({ description: 'A configured merchant API key', example: 'demo-merchant' }) }) },
    responses: {
      200: { description: "The merchant's records removed", schema: ResetResultSchema, example: { scope: 'merchant', merchant: 'demo-merchant', removed: 3, records: { 'merchant.payments': 1, 'merchant.transactions': 1, 'merchant.deliveries': 1 } } },
      ...paramErrors(),
    },
  },
  getClock: {
    method: 'get',
    path: '/clock',
    summary: 'Read the test clock',
    description: 'The sandbox time and how many scheduled steps wait for it.',
    tags: ['Test clock'],
    security: SANDBOX_SECURITY,
    responses: {
      200: { description: 'The clock', schema: ClockSchema, example: clockExample },
      ...errors(),
    },
  },
  advanceClock: {
    method: 'post',
    path: '/clock/advance',
    summary: 'Advance the test clock',
    description:
      'Moves the sandbox time forward and runs, in due order and before answering, every step that falls due: payments ' +
      'found and confirmed (M2) with their webhooks, invoice payments and expiry, refund links opened, sent and expired, ' +
      'and webhook retries. Real time keeps running on top of the offset.',
    tags: ['Test clock'],
    security: SANDBOX_SECURITY,
    request: { body: { schema: AdvanceClockRequestSchema, example: { seconds: 5 } } },
    responses: {
      200: { description: 'The clock after the advance', schema: ClockSchema, example: { ...clockExample, fired: 4 } },
      ...bodyErrors(),
    },
  },
  getRateLimits: {
    method: 'get',
    path: '/rate-limits',
    summary: 'Read the rate-limit exemption',
    description: 'Whether requests with sandbox credentials currently skip the rate limits.',
    tags: ['Rate limits'],
    security: SANDBOX_SECURITY,
    responses: {
      200: { description: 'The exemption', schema: RateLimitsSchema, example: { sandbox_keys_exempt: false } },
      ...errors(),
    },
  },
  setRateLimits: {
    method: 'post',
    path: '/rate-limits',
    summary: 'Exempt sandbox credentials from the rate limits',
    description:
      'With `sandbox_keys_exempt: true`, requests authenticated with a sandbox credential (a merchant key with `sandbox: true`, ' +
      'any exchange or partner credential of this sandbox), and every request from loopback, skip the rate limits, so a ' +
      'contract run takes seconds; other requests without a valid credential stay limited (S-rate-limits).',
    tags: ['Rate limits'],
    security: SANDBOX_SECURITY,
    request: { body: { schema: RateLimitsSchema, example: { sandbox_keys_exempt: true } } },
    responses: {
      200: { description: 'The exemption now', schema: RateLimitsSchema, example: { sandbox_keys_exempt: true } },
      ...bodyErrors(),
    },
  },
  // The delivery log and listen mode (S-listen): contracts/sandbox/deliveries.ts.
  ...deliveryOperations,
  ...exchangeFixtureOperations,
  ...merchantFixtureOperations,
  ...merchantClockOperations,
});
