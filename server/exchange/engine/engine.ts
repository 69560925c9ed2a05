// The exchange engine: one object an HTTP layer calls for every exchange operation. Inputs are
// the request's fields; outputs are wire shapes (wire.ts); failures are EngineErrors (errors.ts).
import { DEFAULT_SEED, type SeedConfig } from './accounts.ts';
import { CancelQueue, DEFAULT_CANCEL_DELAY_MS, timerScheduler, type Scheduler } from './cancel.ts';
import { cancelRejected, orderNotFound } from './errors.ts';
import { DEFAULT_FEE_RATE, feeRate, type FeeRate } from './fees.ts';
import { CURRENCIES, MARKETS, MARKET_IDS, marketSpec } from './markets.ts';
import type { EngineCommand, EngineJournal, Holdings, JournalEntry } from '../../ports/engine-journal.ts';
import { replayCommand } from './journal.ts';
import { applySandboxCommand } from './sandbox-commands.ts';
import { finish } from './matching.ts';
import { placeBatch, placeOrder, type PlacementContext } from './placement.ts';
import { orderBookOf, queryOrders, queryTrades, tickerOf, type OrderQuery, type TradeQuery } from './queries.ts';
import { fillToWire, orderToWire, tradeToWire, type OrderRec, type TradeRec } from './records.ts';
import { MemoryStore, type EngineStore } from './store.ts';
import type {
  Account, Currency, Market, MarketId, Order, OrderBook, OrderInput, OrderWithTrades, Side, Ticker, Trade, UserTrade,
} from './wire.ts';

/** Milliseconds since the Unix epoch; injectable so tests control time. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface EngineOptions {
  clock?: Clock;
  /** Runs requested cancels later (default: setTimeout). */
  scheduler?: Scheduler;
  /** Delay of a requested cancel, ms (default 50). */
  cancelDelayMs?: number;
  /** Balances after construction and after each reset() (default: the sandbox seed). */
  seed?: SeedConfig;
  /** Fee per side of each trade, in quote currency (default '0.0025', i.e. 0.25 %). */
  feeRate?: string;
  store?: EngineStore;
  /** Where accepted commands are stored; the engine replays it on construction (server/state). */
  journal?: EngineJournal;
  /**
   * Runs a due cancel of an order of `market` (default: at once). `requestedHere`: this engine
   * accepted the request itself (false: it learned of it from the journal, a catch-up or a
   * rebuild). With a journal shared by instances, the gate decides who applies it, inside the
   * journal's lock (server/exchange/reference/market-writers.ts); applying one twice does nothing.
   * A promise that rejects (the journal could not be written) has the cancel tried again later
   * while it is still pending here.
   */
  cancelGate?: (market: MarketId, apply: () => void, requestedHere: boolean) => void | Promise<unknown>;
}

/** How long a due cancel waits before it is tried again after its journal write failed. */
const RETRY_CANCEL_MS = 500;

export interface ClearFilter {
  /** 'sell' cancels only asks, 'buy' only bids. */
  side?: Side;
  market?: MarketId;
}

export class ExchangeEngine {
  readonly store: EngineStore;
  readonly fee: FeeRate;
  private readonly clock: Clock;
  private readonly seed: SeedConfig;
  private readonly cancels: CancelQueue;
  private readonly ctx: PlacementContext;
  private readonly journal: EngineJournal | undefined;
  /** While a command runs (or is replayed), every read of the clock gives its one time. */
  private frozenAt: number | undefined;
  private replaying = false;
  /** The seq of the last journal entry applied (numbered journals only). */
  private lastSeq = 0;
  /** Cancels requested by the entries a catch-up replays, scheduled once it ends (with a cancel gate only). */
  private replayedCancels: { task: () => void; delayMs: number; order: OrderRec }[] = [];
  /** True while a rebuild schedules the pending cancels again (they were not requested here). */
  private resuming = false;
  private readonly gate: EngineOptions['cancelGate'];
  private readonly scheduler: Scheduler;
  /** One function, so a batch that loses several commands rebuilds once. */
  private readonly rebuildFromJournal = () => this.rebuild();

  constructor(options: EngineOptions = {}) {
    this.store = options.store ?? new MemoryStore();
    this.fee = options.feeRate === undefined ? DEFAULT_FEE_RATE : feeRate(options.feeRate);
    this.clock = options.clock ?? systemClock;
    this.seed = options.seed ?? DEFAULT_SEED;
    this.journal = options.journal;
    const scheduler = options.scheduler ?? timerScheduler;
    const gate = options.cancelGate;
    this.scheduler = scheduler;
    this.gate = gate;
    // During a replay, cancels are not scheduled: the journal says which were applied, and the
    // rest are scheduled once the replay ends (a rebuild: CancelQueue.resume; a catch-up: the
    // requests it replayed, through the gate, which leaves them to the market's holder).
    this.cancels = new CancelQueue(
      (order) => this.cancelNow(order),
      (task, delayMs, order) => {
        if (this.replaying) {
          if (gate && order) this.replayedCancels.push({ task, delayMs, order });
          return;
        }
        const here = !this.resuming;
        scheduler(gate && order ? this.gated(gate, order, task, here) : task, delayMs);
      },
      options.cancelDelayMs ?? DEFAULT_CANCEL_DELAY_MS,
    );
    const clock = this.clock;
    this.ctx = { store: this.store, fee: this.fee, now: () => this.frozenAt ?? clock.now() };
    this.rebuild();
  }

  /** Back to the seeded balances: no orders, no trades, no pending cancels; ids restart at 1 (the journal is emptied). */
  reset(): void {
    this.journal?.clear();
    this.rebuild();
  }

  /**
   * Rebuilds the engine from the journal: what a process does when it takes over the exchange
   * writer lease (another process wrote commands this one has not run). Returns the commands replayed.
   */
  reload(): number {
    return this.rebuild();
  }

  /**
   * Applies the journal's entries written since the last one applied (by the process holding the
   * writer lease), without scheduling cancels: a read-only follower's view. Returns how many.
   */
  catchUp(): number {
    if (!this.journal) return 0;
    const count = this.replay(this.journal.entries(this.lastSeq));
    const gate = this.gate;
    if (gate) {
      // Requests another instance accepted: due here too, for the gate to apply where this
      // instance holds the market (its requester may die before applying it).
      for (const { task, delayMs, order } of this.replayedCancels.splice(0)) this.scheduler(this.gated(gate, order, task, false), delayMs);
    }
    return count;
  }

  /** A due cancel through the gate, unless this engine already saw it applied (by whichever instance); tried again when the gate fails. */
  private gated(gate: NonNullable<EngineOptions['cancelGate']>, order: OrderRec, task: () => void, here: boolean): () => void {
    const run = () => {
      if (!this.cancels.isPending(order)) return;
      // A rebuild meanwhile (a lost batch) replaced `order`: isPending is then false and the rebuild resumed it.
      void gate(order.market.id, task, here)?.catch(() => (this.cancels.isPending(order) ? this.scheduler(run, RETRY_CANCEL_MS) : undefined));
    };
    return run;
  }

  /** The seeded state, then every command of the journal replayed at its own time. */
  private rebuild(): number {
    this.cancels.clear();
    this.store.reset();
    this.store.ledger.seed(this.seed);
    this.lastSeq = 0;
    if (!this.journal) return 0;
    const count = this.replay(this.journal.entries());
    this.replayedCancels = []; // every pending cancel is resumed below
    // Only a process that may write runs cancels; a follower leaves them to the writer.
    if (this.journal.writable?.() !== false) {
      this.resuming = true;
      try {
        this.cancels.resume();
      } finally {
        this.resuming = false;
      }
    }
    return count;
  }

  private replay(entries: Iterable<JournalEntry>): number {
    let count = 0;
    this.replaying = true;
    try {
      for (const { at, cmd, seq } of entries) {
        this.frozenAt = at;
        replayCommand(cmd, this.ctx, this.cancels);
        if (seq !== undefined) this.lastSeq = seq;
        count++;
      }
    } finally {
      this.replaying = false;
      this.frozenAt = undefined;
    }
    return count;
  }

  /**
   * Runs an accepted command and stores it in the journal before returning (so before the response
   * is sent). A refused command throws before changing anything and is not stored. When storing
   * fails, the engine rebuilds itself from the journal, so memory holds no command the file lacks.
   */
  private run<T>(cmd: EngineCommand, apply: () => T): T {
    if (!this.journal || this.replaying) return apply();
    const at = this.clock.now();
    this.frozenAt = at;
    let out: T;
    try {
      out = apply();
    } finally {
      this.frozenAt = undefined;
    }
    try {
      const seq = this.journal.append({ at, cmd });
      if (typeof seq === 'number') this.lastSeq = seq;
    } catch (e) {
      this.rebuild();
      throw e;
    }
    this.journal.onLost?.(this.rebuildFromJournal);
    return out;
  }


  /** Sandbox: one trader's open orders cancelled at once, their order and trade lists emptied, balances back to the seed. */
  resetUser(userId: string): void {
    const cmd = { t: 'reset-user', user: userId, balances: { ...this.seed[userId] } } as const;
    this.run(cmd, () => applySandboxCommand(this.ctx, cmd));
  }

  /** Sandbox: sets a trader's balances of the given currencies (2002 when below what open orders hold). */
  setBalances(userId: string, balances: Holdings): Account[] {
    const cmd = { t: 'set-balances', user: userId, balances } as const;
    this.run(cmd, () => applySandboxCommand(this.ctx, cmd));
    return this.balances(userId);
  }

  /** GET /timestamp: Unix seconds. */
  timestamp(): number {
    return Math.floor(this.clock.now() / 1000);
  }

  markets(): Market[] {
    return MARKETS.map((m) => ({ ...m }));
  }

  currencies(): Currency[] {
    return CURRENCIES.map((c) => ({ ...c }));
  }

  balances(userId: string): Account[] {
    return this.store.ledger.accounts(userId);
  }

  /** POST /orders. */
  placeOrder(userId: string, market: MarketId, input: OrderInput): Order {
    return orderToWire(this.run({ t: 'place', user: userId, market, input }, () => this.submit(userId, market, input)));
  }

  /** placeOrder without building the response: the id of the new order (benchmarks, bulk loads). */
  submitOrder(userId: string, market: MarketId, input: OrderInput): number {
    return this.run({ t: 'place', user: userId, market, input }, () => this.submit(userId, market, input)).id;
  }

  /** POST /orders/multi: all or nothing; a failure names the index of the offending order. */
  placeMany(userId: string, market: MarketId, inputs: readonly OrderInput[]): Order[] {
    const spec = marketSpec(market);
    return this.run({ t: 'multi', user: userId, market, inputs: [...inputs] }, () => placeBatch(this.ctx, userId, spec, inputs)).map(orderToWire);
  }

  /** POST /order/delete: the order as it is now (still wait); the cancel follows (see cancel.ts). */
  requestCancel(userId: string, orderId: number): Order {
    const order = this.ownOrder(userId, orderId);
    if (order.state !== 'wait') throw cancelRejected(order.id, order.state);
    if (!order.cancelRequested) this.run({ t: 'cancel-request', ids: [order.id] }, () => this.cancels.request(order));
    return orderToWire(order);
  }

  /** POST /orders/clear: requests the cancel of every waiting order matching the filter. */
  clear(userId: string, filter: ClearFilter = {}): Order[] {
    const markets = filter.market === undefined ? MARKET_IDS : [marketSpec(filter.market).id];
    const matching: OrderRec[] = [];
    for (const market of markets) {
      for (const order of this.store.userOrders(userId, market, 'wait')) {
        if (order.state !== 'wait' || (filter.side !== undefined && order.side !== filter.side)) continue;
        matching.push(order);
      }
    }
    const requested = matching.filter((o) => !o.cancelRequested);
    if (requested.length > 0) {
      this.run({ t: 'cancel-request', ids: requested.map((o) => o.id) }, () => requested.forEach((o) => this.cancels.request(o)));
    }
    return matching.map(orderToWire);
  }

  /** Applies every requested cancel now (tests, shutdown); returns how many were pending. */
  runPending(): number {
    return this.cancels.runPending();
  }

  /** GET /order. */
  order(userId: string, orderId: number): OrderWithTrades {
    const order = this.ownOrder(userId, orderId);
    const fills = this.store.userFills(userId, order.market.id);
    return { ...orderToWire(order), trades: fills.tradesOf(order).map((trade) => fillToWire(trade, order)) };
  }

  /** GET /orders. */
  orders(userId: string, market: MarketId, query: OrderQuery = {}): Order[] {
    // With a state, only the orders in it (the store keeps them apart); queryOrders pages them.
    return queryOrders(this.store.userOrders(userId, marketSpec(market).id, query.state), query).map(orderToWire);
  }

  /** GET /trade_history. */
  trades(market: MarketId, query: TradeQuery = {}): Trade[] {
    const trades = this.store.marketTrades(marketSpec(market).id);
    return queryTrades(trades, query).map((i) => tradeToWire(trades[i] as TradeRec));
  }

  /** GET /trades. */
  userTrades(userId: string, market: MarketId, query: TradeQuery = {}): UserTrade[] {
    const fills = this.store.userFills(userId, marketSpec(market).id);
    return queryTrades(fills.trades, query, true).map((i) => fillToWire(fills.trades[i] as TradeRec, fills.orders[i] as OrderRec));
  }

  /** GET /order_book (default 100 levels per side). */
  orderBook(market: MarketId, limit?: number): OrderBook {
    const spec = marketSpec(market);
    return orderBookOf(this.store.book(spec.id), spec, limit, this.clock.now());
  }

  /** GET /tickers/{market}. */
  ticker(market: MarketId): Ticker {
    const spec = marketSpec(market);
    return tickerOf(this.store.marketTrades(spec.id), spec, this.clock.now());
  }

  /** GET /tickers: one per market, in the Market enum's order. */
  tickers(): Ticker[] {
    return MARKET_IDS.map((id) => this.ticker(id));
  }

  private submit(userId: string, market: MarketId, input: OrderInput): OrderRec {
    return placeOrder(this.ctx, userId, marketSpec(market), input);
  }

  private ownOrder(userId: string, orderId: number): OrderRec {
    const order = this.store.order(orderId);
    if (order === undefined || order.userId !== userId) throw orderNotFound(orderId);
    return order;
  }

  private cancelNow(order: OrderRec): void {
    try {
      this.run({ t: 'cancel', id: order.id }, () => {
        this.store.book(order.market.id).own(order.side).remove(order);
        finish(order, 'cancel');
      });
    } catch {
      // The journal refused it: the engine was rebuilt with the cancel still pending and
      // rescheduled (rebuild -> CancelQueue.resume), so it is retried; nothing to throw into a timer.
    }
  }
}

export function createEngine(options: EngineOptions = {}): ExchangeEngine {
  return new ExchangeEngine(options);
}
