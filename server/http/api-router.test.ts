import { describe, expect, it } from 'vitest';
import type { OperationMap } from '../../contracts/shared/operation.ts';
import { PathTable, byPathSpecificity } from './paths.ts';
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

  it('resolves a URL to the path that takes precedence, and lists which paths shadow a templated one', () => {
    const ops: OperationMap = {
      getTransaction: op('/transactions/{id}'),
      instantRefund: { ...op('/transactions/instant_refund'), method: 'post' },
      listRefunds: op('/transactions/{id}/refunds'),
    };
    const paths = new PathTable(ops);
    expect(paths.resolve('/transactions/instant_refund')).toMatchObject({ path: '/transactions/instant_refund', allow: ['POST'] });
    expect(paths.resolve('/transactions/7/')).toMatchObject({ path: '/transactions/{id}', allow: ['GET', 'HEAD'] });
    expect(paths.resolve('/transactions')).toBeUndefined();
    expect(paths.shadowing('/transactions/{id}').map((p) => p.source)).toEqual([paths.resolve('/transactions/instant_refund')!.pattern.source]);
    expect(paths.shadowing('/transactions/instant_refund')).toEqual([]);
    expect(paths.shadowing('/transactions/{id}/refunds')).toEqual([]);
  });
});
