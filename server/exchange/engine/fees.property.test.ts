// The three promises of decision X-fee, over more than 10,000 random fills, dust-sized ones
// included (orders worth one or two cents, and big takers split over many tiny makers):
//   1. every currency is conserved exactly, the house's fee account included;
//   2. the fees an order pays, however it is split into fills, add up to rate × its total funds
//      within one ledger unit (read from the wire: the UserTrade fees and funds of the order);
//   3. no side trades at a worse price than its limit, and funds are exactly price × volume.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseDecimal } from './decimal.ts';
import { DEFAULT_FEE_RATE } from './fees.ts';
import { CURRENCY_CODES, marketSpec } from './markets.ts';
import { testEngine } from './testkit.ts';
import type { MarketId, OrderInput } from './wire.ts';

const USERS = ['u1', 'u2', 'u3', 'u4'] as const;
const SEED = Object.fromEntries(USERS.map((u) => [u, { usd: '1000000', btc: '100', eth: '1000', xvg: '100000000' }]));
const MARKETS = {
  // 30000.00 ± 8 ticks of 0.37; dust volumes from 34 satoshi (0.0102 USD)
  btcusd: { mid: 3_000_000, tick: 37, pricePlaces: 2, dust: [34, 400], big: 200_000_000, volumePlaces: 8 },
  // 0.05 BTC ± ticks; volumes from 0.0000002 ETH (1e-8 BTC, one satoshi: the smallest trade)
  ethbtc: { mid: 5_000_000, tick: 1_001, pricePlaces: 8, dust: [20, 2_000], big: 2_000_000_000, volumePlaces: 8 },
  // 0.00000021 BTC per XVG: a satoshi's worth is 0.0477 XVG
  xvgbtc: { mid: 21, tick: 1, pricePlaces: 8, dust: [477, 50_000], big: 5_000_000_000, volumePlaces: 4 },
} as const;
type TestMarket = keyof typeof MARKETS;

const text = (units: number, places: number) => {
  const s = String(units).padStart(places + 1, '0');
  return `${s.slice(0, -places)}.${s.slice(-places)}`;
};

const orderArb = (market: TestMarket): fc.Arbitrary<OrderInput> => {
  const m = MARKETS[market];
  const volume = fc
    .oneof({ weight: 3, arbitrary: fc.integer({ min: m.dust[0], max: m.dust[1] }) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: m.big }) })
    .map((v) => text(v, m.volumePlaces));
  const price = fc.integer({ min: -8, max: 8 }).map((k) => text(m.mid + k * m.tick, m.pricePlaces));
  const side = fc.constantFrom('buy' as const, 'sell' as const);
  return fc.oneof(
    { weight: 5, arbitrary: fc.record({ side, ord_type: fc.constant('limit' as const), price, volume }) },
    { weight: 1, arbitrary: fc.record({ side, ord_type: fc.constant('market' as const), volume }) },
  );
};

const stepArb = fc.constantFrom(...(Object.keys(MARKETS) as TestMarket[])).chain((market) =>
  fc.record({ user: fc.constantFrom(...USERS), market: fc.constant(market), input: orderArb(market) }),
);

let fills = 0;
let dustFills = 0;

function run(steps: { user: string; market: TestMarket; input: OrderInput }[]): void {
  const { engine } = testEngine({ seed: SEED });
  const initial = new Map(CURRENCY_CODES.map((c) => [c, engine.store.ledger.total(c)]));
  const placed: { user: string; market: MarketId; id: number; input: OrderInput }[] = [];
  for (const { user, market, input } of steps) {
    try {
      placed.push({ user, market, id: engine.placeOrder(user, market, input).id, input });
    } catch {
      // refused (insufficient funds, dust): changes nothing, checked by conservation below
    }
  }
  // 1. Conservation, house included.
  for (const c of CURRENCY_CODES) expect({ c, total: engine.store.ledger.total(c) }).toEqual({ c, total: initial.get(c) });
  const { num, den } = DEFAULT_FEE_RATE;
  for (const { user, market, id, input } of placed) {
    const spec = marketSpec(market);
    const trades = engine.order(user, id).trades;
    let funds = 0n;
    let fees = 0n;
    for (const t of trades) {
      const price = parseDecimal(t.price, spec.quotePlaces);
      const volume = parseDecimal(t.volume, spec.basePlaces);
      const tradeFunds = parseDecimal(t.funds, spec.quoteLedgerPlaces);
      // 3. Exact funds, and the limit holds for both sides.
      expect(tradeFunds).toBe(price * volume * spec.fundsUnit);
      if (input.ord_type === 'limit') {
        const limit = parseDecimal(input.price as string, spec.quotePlaces);
        expect(input.side === 'buy' ? price <= limit : price >= limit).toBe(true);
      }
      funds += tradeFunds;
      fees += parseDecimal(t.fee, spec.quoteLedgerPlaces);
      fills++;
      if (price * volume < 100n * spec.baseScale) dustFills++; // worth less than 100 quote units (1.00 USD)
    }
    // 2. Fees of the order = rate × its funds, within one ledger unit (and never above).
    const exact = funds * num; // rate × funds, scaled by den
    expect({ id, ok: fees * den <= exact && exact - fees * den < den }).toEqual({ id, ok: true });
  }
}

describe('fees and funds (X-fee), over random fills', () => {
  it('conserve every currency, total rate × funds per order within one unit, and respect every limit', () => {
    fc.assert(fc.property(fc.array(stepArb, { minLength: 50, maxLength: 300 }), (steps) => run(steps)), { numRuns: 200, seed: 19 });
    expect(fills).toBeGreaterThanOrEqual(10_000);
    expect(dustFills).toBeGreaterThanOrEqual(5_000);
  }, 120_000);
});
