// Figure 10, the reference server against a bare Express 5 app (bench/bare-express.ts) answering
// the same JSON: what the toolkit's server costs per request over the least an Express service
// does. The reference server runs as `npm start` does (VALIDATE=all, the request log on, written to
// a pipe this process drains), in memory (STATE=memory) and with rate limits off (the load comes
// from one address); `quiet` is the same server with the request log off, to show the log's share,
// and `unvalidated` also without OpenAPI validation (VALIDATE=none), to show validation's.
// Same loop as figure 1: alternating runs, server CPU time per request from /proc, medians of the
// per-round ratios. Targets: at most 1.3 times bare Express on the ticker GET
// and 2.5 times on the payment POST, in CPU time per request.
import type { Endpoint } from './load.ts';
import { measureSideBySide, type VariantFigure } from './validation.ts';
import type { RoundPlan } from './load.ts';

export const EXPRESS_VARIANTS = ['reference', 'quiet', 'unvalidated', 'express', 'eov'] as const;
export type ExpressVariant = (typeof EXPRESS_VARIANTS)[number];
export const EXPRESS_ENDPOINTS: readonly Endpoint[] = ['ticker', 'balances', 'payment'];
/** Most CPU per request the reference server may take, in multiples of bare Express. */
export const EXPRESS_TARGETS: Partial<Record<Endpoint, number>> = { ticker: 1.3, payment: 2.5 };

/** Most CPU per request the reference server may take, in multiples of Express + express-openapi-validator (bench/eov-express.ts). */
export const EOV_TARGETS: Partial<Record<Endpoint, number>> = { ticker: 1.15, payment: 2.0 };

export type ExpressFigure = Partial<Record<Endpoint, Record<ExpressVariant, VariantFigure>>>;

export interface ExpressOptions extends RoundPlan {
  servers: Record<ExpressVariant, { url: string; pid: number }>;
  connections: number;
  /** Default: all three. */
  endpoints?: readonly Endpoint[];
}

export const measureExpress = (o: ExpressOptions): Promise<ExpressFigure> =>
  measureSideBySide({ ...o, variants: EXPRESS_VARIANTS, base: 'express', endpoints: o.endpoints ?? EXPRESS_ENDPOINTS });

/** CPU per request of a variant in multiples of bare Express (the median of the per-round ratios). */
export const timesExpress = (v: VariantFigure) => 1 / v.medianCpuRatio;
