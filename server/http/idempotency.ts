// The Idempotency-Key step of every merchant and partner POST (decision *-idempotency,
// contracts/shared/idempotency.ts), after auth and rate limit: a first request with a key runs and
// its answer is stored (2xx and 4xx but 409/429; anything else frees the key). The handler's answer
// is recorded by callHandler (operation.ts) in the request's own unit of work, before it is sent; a repeat with the same
// fingerprint gets the stored answer with `Idempotent-Replayed: true`; the same key with another
// request is 422 naming the header; a repeat while the first still runs is 409 1012.
import { hash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_TTL_MS, REPLAYED_HEADER } from '../../contracts/shared/idempotency.ts';
import { ApiDomainError, RequestValidationError } from '../core/errors.ts';
import { heldPrincipal } from '../core/request-view.ts';
import type { IdempotencyStore, StoredAnswer } from '../ports/idempotency.ts';

const KEY = new RegExp(IDEMPOTENCY_KEY_PATTERN);

const stored = (status: number) => status < 500 && status !== 409 && status !== 429;

function principalId(req: Request): string {
  const p = heldPrincipal(req) as Record<string, unknown> | undefined;
  return String(p?.apiKey ?? p?.credential ?? p?.accessKey ?? 'anonymous');
}

/** `leaseMs`: how long a first request holds its key while it runs (a crashed process frees it after this; config idempotencyLeaseMs). */
export function idempotencyStep(api: string, store: IdempotencyStore, leaseMs: number, now: () => number = Date.now): RequestHandler {
  // A POST without a key goes on at once, without the promise of the keyed path (bench figure 10).
  return function idempotency(req: Request, res: Response, next: NextFunction): Promise<void> | void {
    const key = req.get(IDEMPOTENCY_HEADER);
    if (key === undefined) return next();
    return keyed(req, res, next, key);
  };

  async function keyed(req: Request, res: Response, next: NextFunction, key: string): Promise<void> {
    if (!KEY.test(key)) throw new RequestValidationError([{ location: 'header', field: IDEMPOTENCY_HEADER, message: 'must be 1 to 255 visible ASCII characters' }]);
    const principal = principalId(req);
    const id = `${api}:${principal}:${key}`;
    const fingerprint = hash('sha256', JSON.stringify([req.method, req.originalUrl, principal, req.body ?? null]), 'hex');
    const found = await store.begin(id, fingerprint, now() + leaseMs);
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
    const claim: IdempotentCall = {
      done: false,
      handling: false,
      executed: false,
      record(answer) {
        // The handler's own answer is stored by the same rule as any other: one that says retry
        // (409, 429, 5xx) frees the key, so the retry executes instead of getting it back.
        const write = () => (stored(answer.status) ? store.finish(id, fingerprint, answer, now() + IDEMPOTENCY_TTL_MS) : store.release(id));
        claim.done = true;
        if (store.inUnit) {
          void write();
          return undefined;
        }
        return { afterCommit: () => void Promise.resolve(write()).catch(() => undefined) };
      },
    };
    res.locals[CALL] = claim;
    // Answers the handler did not give (a refusal before it, a failure in it): stored as sent, or the
    // key freed so that a retry executes (nothing was written: the unit rolled back). A failure after
    // a handler that wrote without a unit (`executed`) is stored as sent, 5xx included.
    const settle = (answer: StoredAnswer) => {
      if (claim.done) return;
      claim.done = true;
      const done = stored(answer.status) || claim.executed ? store.finish(id, fingerprint, answer, now() + IDEMPOTENCY_TTL_MS) : store.release(id);
      if (done instanceof Promise) done.catch(() => undefined); // unreachable store: the lease runs out instead
    };
    const send = res.send;
    res.send = function sendAndStore(this: Response, body?: unknown) {
      settle({ status: res.statusCode, body: typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString() : body === undefined ? '' : JSON.stringify(body) });
      return send.call(this, body);
    } as Response['send'];
    res.once('finish', () => settle({ status: res.statusCode, body: '' }));
    // Cut before an answer: free the key, unless the handler runs (it records its answer, sent or not).
    res.once('close', () => claim.handling || settle({ status: 500, body: '' }));
    next();
  }
}

const CALL = 'idempotentCall';

/** A request that holds its Idempotency-Key: the handler's answer is recorded with `record`. */
export interface IdempotentCall {
  /** Whether an answer was recorded (or the key freed). */
  done: boolean;
  /** Set once the handler returned and its writes cannot be undone: the key is kept, whatever is sent. */
  executed: boolean;
  /** Set once the handler is called: from then on the answer is recorded whether or not the client is still there. */
  handling: boolean;
  /**
   * Records the answer the handler gave, exactly as it will be sent. Called inside the request's
   * unit of work: a store with `inUnit` writes it there; otherwise `afterCommit` is returned, to be
   * called once the request's writes committed.
   */
  record(answer: StoredAnswer): { afterCommit(): void } | undefined;
}

/** The request's claim on its Idempotency-Key, when it carries one and runs first. */
export function idempotentCallOf(res: Response): IdempotentCall | undefined {
  return res.locals[CALL] as IdempotentCall | undefined;
}
