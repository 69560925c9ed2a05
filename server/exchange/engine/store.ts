// Where the engine's state lives. The engine talks to this interface only, so a persistent
// store can replace the in-memory one without touching matching.
import { Ledger } from './accounts.ts';
import { Book } from './book.ts';
import { MARKET_IDS } from './markets.ts';
import { Fill, type OrderRec, type TradeRec } from './records.ts';
import type { MarketId } from './wire.ts';

export interface EngineStore {
  readonly ledger: Ledger;
  book(market: MarketId): Book;
  order(id: number): OrderRec | undefined;
  /** Records a new order (ids come from nextOrderId, so they arrive in increasing order). */
  addOrder(order: OrderRec): void;
  /** A user's orders on a market, oldest first. */
  userOrders(userId: string, market: MarketId): readonly OrderRec[];
  /** Records a trade for its market and a fill for each of its two orders. */
  addTrade(trade: TradeRec): void;
  /** A market's trades, oldest first. */
  marketTrades(market: MarketId): readonly TradeRec[];
  /** A user's fills on a market, oldest first. */
  userFills(userId: string, market: MarketId): readonly Fill[];
  nextOrderId(): number;
  nextTradeId(): number;
  /** Forgets every order, trade and balance; ids restart at 1. */
  reset(): void;
}

const EMPTY: readonly never[] = [];

/** Lists per key, created on first push. */
class Buckets<T> {
  private readonly lists = new Map<string, T[]>();

  get(key: string): readonly T[] {
    return this.lists.get(key) ?? EMPTY;
  }

  push(key: string, item: T): void {
    const list = this.lists.get(key);
    if (list === undefined) this.lists.set(key, [item]);
    else list.push(item);
  }

  clear(): void {
    this.lists.clear();
  }
}

export class MemoryStore implements EngineStore {
  readonly ledger = new Ledger();
  private books = new Map<MarketId, Book>();
  /** Indexed by id: ids are dense from 1, so an array beats a Map. */
  private orders: (OrderRec | undefined)[] = [];
  private readonly ordersByUser = new Buckets<OrderRec>();
  private readonly tradesByMarket = new Buckets<TradeRec>();
  private readonly fillsByUser = new Buckets<Fill>();
  private lastOrderId = 0;
  private lastTradeId = 0;

  constructor() {
    this.reset();
  }

  book(market: MarketId): Book {
    return this.books.get(market) as Book;
  }

  order(id: number): OrderRec | undefined {
    return Number.isInteger(id) && id > 0 ? this.orders[id] : undefined;
  }

  addOrder(order: OrderRec): void {
    this.orders[order.id] = order;
    this.ordersByUser.push(`${order.userId}\u0000${order.market.id}`, order);
  }

  userOrders(userId: string, market: MarketId): readonly OrderRec[] {
    return this.ordersByUser.get(`${userId}\u0000${market}`);
  }

  addTrade(trade: TradeRec): void {
    const market = trade.market.id;
    this.tradesByMarket.push(market, trade);
    this.fillsByUser.push(`${trade.buyOrder.userId}\u0000${market}`, new Fill(trade, trade.buyOrder));
    this.fillsByUser.push(`${trade.sellOrder.userId}\u0000${market}`, new Fill(trade, trade.sellOrder));
  }

  marketTrades(market: MarketId): readonly TradeRec[] {
    return this.tradesByMarket.get(market);
  }

  userFills(userId: string, market: MarketId): readonly Fill[] {
    return this.fillsByUser.get(`${userId}\u0000${market}`);
  }

  nextOrderId(): number {
    return ++this.lastOrderId;
  }

  nextTradeId(): number {
    return ++this.lastTradeId;
  }

  reset(): void {
    this.books = new Map(MARKET_IDS.map((id) => [id, new Book()]));
    this.orders = [];
    this.ordersByUser.clear();
    this.tradesByMarket.clear();
    this.fillsByUser.clear();
    this.ledger.seed({});
    this.lastOrderId = 0;
    this.lastTradeId = 0;
  }
}
