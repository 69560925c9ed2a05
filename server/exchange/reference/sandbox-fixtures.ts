// The exchange's side of the control API's fixtures (server/sandbox/exchange-fixtures.ts): a trader
// reset, balances set, an order book placed by the book maker. Every change is an engine command,
// journaled like an order, so it survives a restart.
import Big from 'big.js';
import { BOOK_MAKER } from '../../../contracts/sandbox/exchange-fixtures.ts';
import type { ExchangeEngine } from '../engine/engine.ts';
import { currencyPrecision, marketSpec, type CurrencyCode } from '../engine/markets.ts';
import type { Holdings, SharedJournal } from '../../ports/engine-journal.ts';
import type { Account, MarketId, OrderInput } from '../engine/wire.ts';
import { DecimalError } from '../engine/decimal.ts';
import { EngineError } from '../engine/errors.ts';

export interface BookRequest {
  depth: number;
  mid_price: string;
  step: string;
  volume: string;
}

export interface ExchangeFixtures {
  resetTrader(accessKey: string): void | Promise<void>;
  setBalances(accessKey: string, balances: Holdings): Account[] | Promise<Account[]>;
  /** The ids placed: asks lowest first, bids highest first. */
  placeBook(market: MarketId, book: BookRequest): { ask_ids: number[]; bid_ids: number[] } | Promise<{ ask_ids: number[]; bid_ids: number[] }>;
}

/** A refusal of the request's values (the handler answers 422 naming it). */
export class FixtureRefused extends Error {}

const refused = (e: unknown): never => {
  throw e instanceof EngineError || e instanceof DecimalError ? new FixtureRefused(e.message) : e;
};

export function exchangeFixtures(engine: ExchangeEngine): ExchangeFixtures {
  return {
    resetTrader: (accessKey) => engine.resetUser(accessKey),
    setBalances(accessKey, balances) {
      try {
        return engine.setBalances(accessKey, balances);
      } catch (e) {
        return refused(e);
      }
    },
    placeBook(market, { depth, mid_price, step, volume }) {
      const spec = marketSpec(market);
      const places = currencyPrecision(spec.quote);
      const level = (i: number) => new Big(mid_price).plus(new Big(step).times(i));
      if (level(-depth).lte(0)) throw new FixtureRefused(`the lowest bid, mid_price - ${depth} × step, is not above zero`);
      const price = (b: Big) => b.toFixed(places, Big.roundDown);
      const asks: OrderInput[] = [];
      const bids: OrderInput[] = [];
      for (let i = 1; i <= depth; i++) {
        for (const [side, list, p] of [['sell', asks, level(i)], ['buy', bids, level(-i)]] as const) {
          if (!p.eq(price(p))) throw new FixtureRefused(`price ${p.toString()} has more than ${places} decimal places (${spec.quote})`);
          list.push({ side, ord_type: 'limit', price: price(p), volume });
        }
      }
      // Funded for what the orders lock (a bid locks its funds and its fee), on top of what the maker holds.
      const quoteNeed = bids.reduce((sum, o) => sum.plus(new Big(o.price!).times(volume)), new Big(0)).times(new Big(1).plus(engine.fee.text));
      const baseNeed = new Big(volume).times(depth);
      const held = (c: CurrencyCode) => new Big(engine.balances(BOOK_MAKER).find((a) => a.currency === c)!.balance);
      const topUp = (c: CurrencyCode, need: Big) => held(c).plus(need).toFixed(currencyPrecision(c), Big.roundUp);
      try {
        engine.setBalances(BOOK_MAKER, { [spec.base]: topUp(spec.base, baseNeed), [spec.quote]: topUp(spec.quote, quoteNeed) });
        return {
          ask_ids: engine.placeMany(BOOK_MAKER, market, asks).map((o) => o.id),
          bid_ids: engine.placeMany(BOOK_MAKER, market, bids).map((o) => o.id),
        };
      } catch (e) {
        return refused(e);
      }
    },
  };
}

/**
 * The fixtures over a journal shared by instances (PostgreSQL): each runs inside the journal's lock
 * like an order (the engine first catches up with what other instances committed), on any
 * instance, and is answered once committed.
 */
export function journaledFixtures(engine: ExchangeEngine, journal: SharedJournal): ExchangeFixtures {
  const fx = exchangeFixtures(engine);
  return {
    resetTrader: (accessKey) =>
      journal.exclusive(() => {
        engine.catchUp();
        fx.resetTrader(accessKey);
      }),
    setBalances: (accessKey, balances) =>
      journal.exclusive(() => {
        engine.catchUp();
        return fx.setBalances(accessKey, balances) as Account[];
      }),
    placeBook: (market, book) =>
      journal.exclusive(() => {
        engine.catchUp();
        return fx.placeBook(market, book) as { ask_ids: number[]; bid_ids: number[] };
      }),
  };
}
