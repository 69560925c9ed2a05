// Rules every operation of the three contracts keeps, whatever its API.
import { describe, expect, it } from 'vitest';
import { contracts } from '../index.ts';
import type { OperationSpec } from './operation.ts';

const all = contracts.flatMap((c) => Object.entries(c.operations as Record<string, OperationSpec>).map(([id, op]) => [`${c.id}.${id}`, op] as const));

describe('optional request bodies', () => {
  const optional = all.filter(([, op]) => op.request?.body?.required === false);

  it('exist where the document makes every body field optional (exchange orders/clear)', () => {
    expect(optional.map(([id]) => id)).toEqual(['exchange.clearOrders']);
  });

  it.each(optional)('%s: the schema accepts {} (what the server hands the handler when the body is left out)', (_id, op) => {
    expect(op.request!.body!.schema.safeParse({}).success).toBe(true);
  });
});
