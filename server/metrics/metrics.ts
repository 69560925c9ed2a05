// The metrics an operator scrapes (`GET /metrics`, Prometheus text format, prom-client): requests
// by API, operationId and status, their latency, webhook attempts by outcome, this instance's
// exchange writer leases and fencing tokens per market, storage failures by kind, PostgreSQL
// serialization retries, and the process's own (CPU, memory, event-loop delay). What each means and
// which alerts to set: docs/guides/operations-metrics.md.
//
// One registry per server (several servers may share a process in tests). A request costs three
// lookups in small maps and two increments: the labelled children are made once per label set.
// The process metrics start on the first scrape, so a server nobody scrapes runs no monitor.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { MarketId } from '../exchange/engine/index.ts';
import type { ExchangeWriter } from '../ports/engine-journal.ts';
import { tallies } from '../ports/tallies.ts';

export interface MetricsSources {
  /** The exchange writer (lease) of this instance, when there is one. */
  writer?: ExchangeWriter | undefined;
  markets: readonly MarketId[];
  /** PostgreSQL's counters, when the state is there. */
  pgStats?: { readonly retries: number } | undefined;
}

/** Latency buckets (seconds): a cached read answers in about a millisecond, a PostgreSQL write in a few. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

type CounterChild = { inc(value?: number): void };
type HistogramChild = { observe(value: number): void };

export class ServerMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'api' | 'operation' | 'status'>;
  private readonly latency: Histogram<'api' | 'operation'>;
  /** The labelled children by API and operation (no key string built per request). */
  private readonly children = new Map<string, Map<string, { latency: HistogramChild; byStatus: Map<number, CounterChild> }>>();
  private processMetrics = false;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'http_requests_total', help: 'Requests answered, by API, operationId (none: no operation matched) and status.',
      labelNames: ['api', 'operation', 'status'], registers,
    });
    this.latency = new Histogram({
      name: 'http_request_duration_seconds', help: 'Time from the request reaching the server to the end of its answer, by API and operationId.',
      labelNames: ['api', 'operation'], buckets: BUCKETS, registers,
    });
    new Counter({
      name: 'webhook_attempts_total', help: 'Webhook attempts by outcome (delivered, failed_retrying, failed_gave_up; claimed_elsewhere: another instance sent it).',
      labelNames: ['outcome'], registers,
      collect() {
        this.reset();
        for (const [outcome, n] of tallies().webhookAttempts) this.inc({ outcome }, n);
      },
    });
    new Counter({
      name: 'storage_errors_total', help: 'Storage failures answered 503 (or retried in the background), by kind: postgres, postgres_retries_exhausted, sqlite, redis.',
      labelNames: ['kind'], registers,
      collect() {
        this.reset();
        for (const [kind, n] of tallies().storageErrors) this.inc({ kind }, n);
      },
    });
    const { writer, markets, pgStats } = sources;
    if (writer) {
      new Gauge({
        name: 'exchange_market_writer', help: '1 while this instance holds the writer lease of the market (it applies the market\'s writes), else 0.',
        labelNames: ['market'], registers,
        collect() {
          for (const market of markets) this.set({ market }, writer.held(market) ? 1 : 0);
        },
      });
      new Gauge({
        name: 'exchange_market_fencing_token', help: 'The fencing token of this instance\'s lease of the market while it holds it, else 0; it grows with every takeover.',
        labelNames: ['market'], registers,
        collect() {
          for (const market of markets) this.set({ market }, writer.fencingToken?.(market) ?? 0);
        },
      });
    }
    if (pgStats) {
      new Counter({
        name: 'state_serialization_retries_total', help: 'PostgreSQL transactions run again after a serialization failure or deadlock (40001, 40P01).',
        registers,
        collect() {
          this.reset();
          this.inc(pgStats.retries);
        },
      });
    }
  }

  /** One answered request. */
  observe(api: string, operation: string, status: number, seconds: number): void {
    let byOperation = this.children.get(api);
    if (!byOperation) this.children.set(api, (byOperation = new Map()));
    let children = byOperation.get(operation);
    if (!children) byOperation.set(operation, (children = { latency: this.latency.labels(api, operation), byStatus: new Map() }));
    let c = children.byStatus.get(status);
    if (!c) children.byStatus.set(status, (c = this.requests.labels(api, operation, String(status))));
    c.inc();
    children.latency.observe(seconds);
  }

  /** The exposition text. */
  async text(): Promise<string> {
    if (!this.processMetrics) {
      this.processMetrics = true;
      collectDefaultMetrics({ register: this.registry });
    }
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
