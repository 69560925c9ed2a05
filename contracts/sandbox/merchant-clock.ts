// The control API's per-merchant test clock (decision S-clock). Spread into sandboxOperations.
import { defineOperations } from '../shared/operation.ts';
import { partnerErrors } from '../shared/responses.ts';
import { z } from '../shared/zod.ts';
import { AdvanceClockRequestSchema, ClockSchema } from './schemas.ts';
import { SANDBOX_SECURITY } from './security.ts';

const params = z.object({ api_key: z.string().min(1).max(128).openapi({ description: 'A merchant API key configured with `sandbox: true`', example: 'demo-merchant' }) });
const example = { now: '2026-11-25T10:01:00.000Z', offset_seconds: 60, pending: 2 };

export const merchantClockOperations = defineOperations({
  getMerchantClock: {
    method: 'get',
    path: '/merchants/{api_key}/clock',
    summary: "Read one merchant's test clock",
    description: "The merchant's sandbox time (the global test clock plus its own advances) and how many of its steps wait.",
    tags: ['Test clock'],
    security: SANDBOX_SECURITY,
    request: { params },
    responses: {
      200: { description: "The merchant's clock", schema: ClockSchema, example },
      ...partnerErrors({}, 400, 401, 404, 405, 422, 500, 503),
    },
  },
  advanceMerchantClock: {
    method: 'post',
    path: '/merchants/{api_key}/clock/advance',
    summary: "Advance one merchant's test clock",
    description:
      "Moves only this merchant's clock forward and runs, in due order and before answering, its steps that fall due " +
      '(payments found and confirmed, invoice payments and expiry, refund links, webhook retries); other merchants and ' +
      "the exchange keep their time. The merchant's requests and records read its clock from then on.",
    tags: ['Test clock'],
    security: SANDBOX_SECURITY,
    request: { params, body: { schema: AdvanceClockRequestSchema, example: { seconds: 60 } } },
    responses: {
      200: { description: "The merchant's clock after the advance", schema: ClockSchema, example: { ...example, fired: 4 } },
      ...partnerErrors({}, 400, 401, 404, 405, 413, 415, 422, 500, 503),
    },
  },
});
