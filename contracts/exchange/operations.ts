import { exchangeErrors } from '../shared/responses.ts';
import { defineOperations } from '../shared/operation.ts';
import { z } from '../shared/zod.ts';
import { MarketIdSchema, TimestampSchema } from './schemas.ts';

export const exchangeOperations = defineOperations({
  getTimestamp: {
    method: 'get',
    path: '/timestamp',
    summary: 'Server time',
    description: 'Returns a bare integer: the server time in seconds since the Unix epoch.',
    tags: ['Exchange'],
    security: [],
    responses: { 200: { description: 'Server time', schema: TimestampSchema, example: 1700000000 }, ...exchangeErrors(429, 503) },
  },
  getTicker: {
    method: 'get',
    path: '/tickers/{market}',
    summary: 'Ticker of one market',
    description: 'Ticker of one market.',
    tags: ['Market data'],
    security: [],
    request: { params: z.object({ market: MarketIdSchema }) },
    responses: { 200: { description: 'Ticker', schema: TimestampSchema, example: 1 }, ...exchangeErrors(400, 429, 503) },
  },
});
