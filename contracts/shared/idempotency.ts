// Retries that never charge twice (decision *-idempotency): every POST of the merchant and partner
// APIs takes an optional `Idempotency-Key` header. The header, the replay marker and the 409 are
// declared here once and added to each POST by registerOperations; the decision text is shared.
import type { ResponseSpec } from './response-spec.ts';
import { z } from './zod.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a key and its answer are kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** 1 to 255 visible ASCII characters (a UUID is what the typed client sends). */
export const IDEMPOTENCY_KEY_PATTERN = '^[\\x21-\\x7E]{1,255}$';

export const IdempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .min(1)
    .max(255)
    .regex(new RegExp(IDEMPOTENCY_KEY_PATTERN))
    .optional()
    .openapi({
      description:
        'Optional. A key of your choosing (1 to 255 visible ASCII characters; a UUID per logical request is best) that makes a retry safe: a request repeated with the same key and the same body within 24 h is answered with the stored answer and not executed again (see the idempotency decision).',
      example: '5f0c8e7a-2b1d-4c3e-9f6a-1d2e3f4a5b6c',
    }),
});

export const replayedHeader: NonNullable<ResponseSpec['headers']> = {
  [REPLAYED_HEADER]: { description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key (not executed again).', schema: { type: 'string', pattern: '^true$', maxLength: 4 } },
};

export const idempotencyDecision = (id: string) => ({
  id,
  gap: 'Retrying a POST whose answer was lost',
  decision:
    'Every POST takes an optional `Idempotency-Key` header (1 to 255 visible ASCII characters). The server keeps, per API key, the key with a fingerprint of the request (method, path, body, principal) and its answer for 24 hours (in the state store; in Redis when instances share it). A request repeated with the same key and fingerprint is not executed again: it gets the stored status and body with the header `Idempotent-Replayed: true`. The same key with a different request answers 422 code `1002` naming `Idempotency-Key`. While the first request with a key is still running, a second one answers 409 code `1012` with `Retry-After: 1` (it is not executed; retried, it gets the stored answer). The answer is stored in the same transaction as the writes of the request and is the answer sent, so a crash after the commit cannot let a retry execute again. With Redis shared by instances, the key is claimed in Redis first and the answer copied there after the commit; after a crash between the two, retries get the 409 until the lease of the claim (60 s) runs out, then the stored answer. Answers stored: 2xx and 4xx except 409 and 429; a 5xx or 429 before the writes of the request committed frees the key, so the retry executes. The typed clients send one key per logical call, the same on each retry, and retry POSTs by default.',
});

/** The 409 of a key whose first request is still running. */
export const idempotencyConflict = (errorSchema: z.ZodType): ResponseSpec => ({
  description: 'A request with this Idempotency-Key is still running (code 1012); retry after Retry-After seconds to get its answer.',
  component: 'IdempotencyConflict',
  schema: errorSchema,
  // Both error bodies (merchant and partner) are `{ title, code, details }` (contracts/shared/errors.ts, 1012).
  example: { title: 'Conflict', code: '1012', details: 'A request with this Idempotency-Key is still running; retry to get its answer' },
  headers: { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 1, maximum: 86400 } } },
});
