// A complete handler map in which every operation answers 501 in the API's error shape: the
// default set until the reference implementations replace it.
import type { OperationMap } from '../../contracts/shared/operation.ts';
import { NotImplementedError } from '../core/errors.ts';
import type { HandlerMap } from './handler-map.ts';

export function notImplementedHandlers<Ops extends OperationMap, P>(operations: Ops): HandlerMap<Ops, P> {
  const out: Record<string, () => never> = {};
  for (const operationId of Object.keys(operations)) {
    out[operationId] = () => {
      throw new NotImplementedError(operationId);
    };
  }
  // Every key of `operations` has a handler that never returns, so any result type holds.
  return out as unknown as HandlerMap<Ops, P>;
}
