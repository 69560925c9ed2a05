import type { ApiContract } from '../shared/contract.ts';
import { exchangeOperations } from './operations.ts';

export const exchangeContract = {
  id: 'exchange',
  title: 'Exchange Trading API',
  version: '1.0.0',
  description: 'TODO',
  decisions: [{ id: 'X1', gap: 'g', decision: 'd' }],
  basePath: '/api/v1',
  tags: [{ name: 'Exchange', description: 'Public exchange data' }, { name: 'Market data', description: 'Public market data' }],
  securitySchemes: {},
  operations: exchangeOperations,
} satisfies ApiContract<typeof exchangeOperations>;
