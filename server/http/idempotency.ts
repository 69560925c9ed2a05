// The Idempotency-Key step of every merchant and partner POST (decision *-idempotency,
// contracts/shared/idempotency.ts), after auth and rate limit: a first request with a key runs and
// its answer is stored (2xx and 4xx but 409/429; anything else frees the key); a repeat with the same
// fingerprint gets the stored answer with `Idempotent-Replayed: true`; the same key with another
// request is 422 naming the header; a repeat while the first still runs is 409 1012.
import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_TTL_MS, REPLAYED_HEADER } from '../../contracts/shared/idempotency.ts';
import { principalOf } from '../auth/principal.ts';
import { ApiDomainError, RequestValidationError } from '../errors.ts';
import type { IdempotencyStore, StoredAnswer } from '../ports/idempotency.ts';

/** How long a first request holds its key while it runs (a crashed process frees it after this). */
const LEASE_MS = 60_000;
const KEY = new RegExp(IDEMPOTENCY_KEY_PATTERN);

const stored = (status: number) => status < 500 && status !== 409 && status !== 429;

function principalId(req: Request): string {
  const p = principalOf(req) as Record<string, unknown> | undefined;
  return String(p?.apiKey ?? p?.credential ?? p?.accessKey ?? 'anonymous');
}

export function idempotencyStep(api: string, store: IdempotencyStore, now: () => number = Date.now): RequestHandler {
  return async function idempotency(req: Request, res: Response, next: NextFunction): Promise<void> {
    const key = req.get(IDEMPOTENCY_HEADER);
    if (key === undefined) return next();
    if (!KEY.test(key)) throw new RequestValidationError([{ location: 'header', field: IDEMPOTENCY_HEADER, message: 'must be 1 to 255 visible ASCII characters' }]);
    const principal = principalId(req);
    const id = `${api}:${principal}:${key}`;
    const fingerprint = createHash('sha256').update(JSON.stringify([req.method, req.originalUrl, principal, req.body ?? null])).digest('hex');
    const found = await store.begin(id, fingerprint, now() + LEASE_MS);
    if (found.kind !== 'new' && found.fingerprint !== fingerprint) {
      throw ApiDomainError.of('1002', 'Required fields are missing or incorrect', [
        { [IDEMPOTENCY_HEADER]: 'was already used with a different request (method, path or body); send a new key for a new request' },
      ]);
    }
    if (found.kind === 'running') {
      res.setHeader('Retry-After', '1');
      throw ApiDomainError.of('1012', `A request with this ${IDEMPOTENCY_HEADER} is still running; retry to get its answer`);
    }
    if (found.kind === 'done') {
      res.status(found.answer.status).setHeader(REPLAYED_HEADER, 'true');
      if (found.answer.body === '') res.end();
      else res.type('application/json').send(found.answer.body);
      return;
    }
    let settled = false;
    const settle = (answer: StoredAnswer) => {
      if (settled) return;
      settled = true;
      const done = stored(answer.status) ? store.finish(id, answer, now() + IDEMPOTENCY_TTL_MS) : store.release(id);
      if (done instanceof Promise) done.catch(() => undefined); // unreachable store: the lease runs out instead
    };
    const send = res.send;
    res.send = function sendAndStore(this: Response, body?: unknown) {
      settle({ status: res.statusCode, body: typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString() : body === undefined ? '' : JSON.stringify(body) });
      return send.call(this, body);
    } as Response['send'];
    res.once('finish', () => settle({ status: res.statusCode, body: '' }));
    res.once('close', () => {
      if (!settled) settle({ status: 500, body: '' }); // cut before an answer: free the key
    });
    next();
  };
}
