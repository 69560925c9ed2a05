// Sending one planned case: the wire request, its credentials as the case says (a fresh nonce on
// every attempt), 429 answers waited out within the run's budget, a replayed nonce sent twice in
// a row, and a progress line for each wait. Counts the requests of the run.
import { authorize, NonceClock } from './auth.ts';
import type { Credentials } from './credentials.ts';
import type { ApiId, OperationSpec } from './document.ts';
import { Agents } from './http.ts';
import type { PlannedCase } from './plan.ts';
import { send, toWire, type SendOptions, type WaitBudget, type WireRequest, type WireResponse } from './wire.ts';

export interface SenderOptions {
  api: ApiId;
  baseUrl: string;
  /** The document's base path (`/api/v1`). */
  basePath: string;
  credentials: Credentials;
  rateLimitBudgetMs: number;
  /** The base path as sent, when a proxy in front adds the document's. */
  wireBasePath?: string;
  fetch?: typeof fetch;
  log?: (line: string) => void;
}

/** Where the run is, for the line printed while it waits out a rate limit. */
export interface Progress {
  operation: string;
  index: number;
  total: number;
  planned: number;
}

export class Sender {
  requests = 0;
  readonly budget: WaitBudget;
  readonly progress: Progress = { operation: '', index: 0, total: 0, planned: 0 };
  private readonly nonces = new NonceClock();
  private readonly opts: SendOptions;

  constructor(private readonly o: SenderOptions) {
    this.budget = { leftMs: o.rateLimitBudgetMs, waitedMs: 0 };
    const wireBase = o.wireBasePath;
    this.opts = {
      baseUrl: o.baseUrl,
      onWait: (ms) => this.onWait(ms),
      rateLimitBudgetMs: o.rateLimitBudgetMs,
      // The run's own keep-alive pool: its connections are reused from one request to the next.
      ...(o.fetch ? { fetch: o.fetch } : { agents: new Agents() }),
      ...(wireBase !== undefined ? { rewritePath: (p: string) => wireBase + p.slice(o.basePath.length) } : {}),
    };
  }

  private onWait(waitMs: number): void {
    const p = this.progress;
    this.o.log?.(
      `rate limited by ${this.o.api}: waiting ${Math.round(waitMs / 100) / 10} s (Retry-After) — ${this.requests}/${p.planned} requests done ` +
        `(planned so far; operation ${p.index}/${p.total}, ${p.operation})`,
    );
  }

  /**
   * Sends the case (with `Prefer: code=<prefer>` when given: decision S-prefer); a failed exchange
   * is a status-0 response, except for the first request of the run.
   */
  async execute(op: OperationSpec, c: PlannedCase, prefer?: number): Promise<WireResponse> {
    const prepare = () => {
      const wire = toWire(op, this.o.basePath, c.input);
      authorize(this.o.api, op, wire, c.auth === 'replayed-nonce' ? 'valid' : c.auth, c.slot, this.o.credentials, this.nonces);
      if (prefer !== undefined) wire.headers.prefer = `code=${prefer}`;
      return wire;
    };
    try {
      // A 429 asked for with Prefer is the answer itself, never waited out (it would come again).
      const budget = prefer !== undefined ? { leftMs: 0, waitedMs: 0 } : this.budget;
      const response = c.auth === 'replayed-nonce' ? await this.replay(prepare) : (await send(prepare, this.opts, budget)).response;
      this.requests++;
      return response;
    } catch (err) {
      const inner = (err as { cause?: { code?: string; message?: string } }).cause;
      const cause = inner?.code ?? inner?.message ?? (err as Error).message;
      if (this.requests === 0) throw new Error(`Cannot reach ${this.o.baseUrl} (${cause}): is the server running?`);
      return { status: 0, contentType: undefined, headers: {}, text: `request failed: ${cause}`, ms: 0 };
    }
  }

  /**
   * A signed request, then the same one again at once: its nonce is now used (2006). A 429 on the
   * second must not delay it (the nonce would leave the ±30 s window, 2007): wait, then redo both.
   */
  private async replay(prepare: () => WireRequest): Promise<WireResponse> {
    for (;;) {
      const first = await send(prepare, this.opts, this.budget);
      const again = (await send(() => first.wire, this.opts, { leftMs: 0, waitedMs: 0 })).response;
      const waitMs = Number(again.headers['retry-after']) * 1000;
      if (again.status !== 429 || !(waitMs >= 0) || waitMs > this.budget.leftMs) return again;
      this.budget.leftMs -= waitMs;
      this.budget.waitedMs += waitMs;
      this.onWait(waitMs);
      await new Promise((r) => setTimeout(r, waitMs));
    }
  }
}
