// Exchange resources of section 2 of the exchange document (template; to be completed).
import { z } from '../shared/zod.ts';

export const MARKETS = [
  'btcusd', 'btccad', 'btceur', 'ethusd', 'ethcad', 'etheur', 'ethbtc', 'ltcusd', 'ltccad', 'ltceur', 'ltcbtc',
  'xembtc', 'bchusd', 'bchcad', 'bcheur', 'bchbtc', 'xvgbtc', 'xvgeth', 'xvgcad', 'xvgeur', 'xvgusd',
] as const;
export const MarketIdSchema = z.enum(MARKETS).openapi('MarketId', { description: 'Market id: base currency code followed by quote currency code, lower case' });

export const TimestampSchema = z.number().int().openapi('Timestamp', { description: 'Server time in seconds since the Unix epoch', example: 1700000000 });
