// Per-merchant test clocks (decision S-clock), the merchant side: with the sandbox control API on,
// each handler runs on the clock of the merchant key that called it. The clock is whatever offers
// `within` (the control API's TestClock), so the reference handlers need not import the sandbox.

/** Runs code on one merchant's clock (undefined: the global clock). */
export interface MerchantClocks {
  within<T>(merchant: string | undefined, fn: () => T): T;
}

type Handlers = Record<string, (input: never) => unknown>;

/** Each handler runs on the clock of the merchant key that called it (public operations: the global clock). */
export function onMerchantClocks<H extends object>(clocks: MerchantClocks, handlers: H): H {
  const out: Handlers = {};
  for (const [id, handler] of Object.entries(handlers as Handlers)) {
    out[id] = (input) => clocks.within((input as { principal?: { apiKey?: string } }).principal?.apiKey, () => handler(input));
  }
  return out as H;
}
