// Domain failures of the engine, carrying the exchange error code of section 7 of the document
// so one HTTP error handler can map them (2002 -> 400, 2003 -> 400, 2004 -> 404, 1001 -> 400).

/** The exchange codes the engine itself can raise. */
export type EngineErrorCode = 1001 | 2002 | 2003 | 2004;

export class EngineError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message: string,
    /** For POST /orders/multi: the index of the order that failed. */
    readonly index?: number,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

/**
 * 1001: a parameter the contract's schema already rules out (unknown market, bad enum value, not
 * a decimal string, price missing on a limit order or present on a market order: X-orders).
 * The HTTP validator normally answers these first; the engine checks again for direct callers.
 */
export function invalidParameter(name: string, reason: string, index?: number): EngineError {
  const where = index === undefined ? '' : `orders[${index}].`;
  return new EngineError(1001, `${where}${name}: ${reason}`, index);
}

/** 2002: the order cannot be created; `reason` says why in the user's terms. */
export function orderRejected(reason: string, index?: number): EngineError {
  const where = index === undefined ? '' : `orders[${index}]: `;
  return new EngineError(2002, `Failed to create order: ${where}${reason}`, index);
}

/** 2003: the order exists but is past the point where it can be cancelled. */
export function cancelRejected(orderId: number, state: string): EngineError {
  const why = state === 'done' ? 'it is already fully executed (done)' : 'it is already cancelled';
  return new EngineError(2003, `Failed to cancel order ${orderId}: ${why}`);
}

/** 2004: no such order for this user (a foreign order answers the same, so ids leak nothing). */
export function orderNotFound(orderId: number): EngineError {
  return new EngineError(2004, `Order ${orderId} does not exist`);
}

/** Re-raises an error of one element of a batch with that element's index in the message. */
export function atIndex(error: unknown, index: number): unknown {
  if (!(error instanceof EngineError) || error.index !== undefined) return error;
  if (error.code === 2002) return orderRejected(error.message.replace(/^Failed to create order: /, ''), index);
  if (error.code === 1001) return new EngineError(1001, `orders[${index}].${error.message}`, index);
  return error;
}
