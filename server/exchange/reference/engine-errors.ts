// EngineError -> the exchange error body, through the framework's domain error class: the status
// comes from the exchange code table (1001, 2002, 2003 -> 400; 2004 -> 404), the message is the
// engine's, which names the parameter or, in a batch, the failing `orders[i]`.
import { ExchangeDomainError } from '../../core/errors.ts';
import { EngineError } from '../engine/index.ts';

/** An EngineError as the API's domain error; anything else unchanged (a bug answers 500). */
export function toExchangeError(err: unknown): unknown {
  return err instanceof EngineError ? new ExchangeDomainError(err.code, err.message) : err;
}

const rethrow = (err: unknown): never => {
  throw toExchangeError(err);
};

/**
 * The same handlers, each rethrowing engine failures as ExchangeDomainErrors. A synchronous
 * handler stays synchronous (the router then answers without a promise: bench figure 10); a
 * rejected promise is translated the same.
 */
export function translateEngineErrors<H extends Record<string, (input: never) => unknown>>(handlers: H): H {
  const out: Record<string, (input: never) => unknown> = {};
  for (const [operationId, handler] of Object.entries(handlers)) {
    out[operationId] = (input) => {
      let result: unknown;
      try {
        result = handler(input);
      } catch (err) {
        rethrow(err);
      }
      return result instanceof Promise ? result.then(undefined, rethrow) : result;
    };
  }
  // Same keys, same inputs; each result is the original's (a promise stays one).
  return out as H;
}
