import { describe, expect, it } from 'vitest';
import type { OperationMap } from '../../contracts/shared/operation.ts';
import { byPathSpecificity } from './api-router.ts';
import { toExpressPath } from './pipeline.ts';

const op = (path: string) => ({ method: 'get', path, summary: '', description: '', tags: [], security: [], responses: {} }) as const;

describe('route order', () => {
  it('puts literal segments before parameters, so the more specific of two overlapping paths comes first', () => {
    const ops: OperationMap = {
      getPayout: op('/payouts/{id}'),
      listPayouts: op('/payouts'),
      listPayoutTransactions: op('/payouts/{id}/transactions'),
      getPending: op('/payouts/pending'),
      listPendingManual: op('/payouts/pending/transactions/manual/{currency_iso}'),
      listPending: op('/payouts/pending/transactions'),
    };
    expect(byPathSpecificity(ops).map(([, o]) => o.path)).toEqual([
      '/payouts',
      '/payouts/pending',
      '/payouts/pending/transactions',
      '/payouts/pending/transactions/manual/{currency_iso}',
      '/payouts/{id}',
      '/payouts/{id}/transactions',
    ]);
  });

  it('writes OpenAPI path parameters the Express way', () => {
    expect(toExpressPath('/transactions/{transaction_id}/refunds')).toBe('/transactions/:transaction_id/refunds');
  });
});
