// The sandbox defaults (docs/guides/integrator.md, "Sandbox defaults"), exactly. A CONFIG
// file overrides any part of them; the README lists them.
export const SANDBOX_DEFAULTS = {
  host: '127.0.0.1',
  port: 8080,
  validate: 'all',
  bodyLimit: '100kb',
  logRequests: true,
  idempotencyLeaseMs: 60_000,
  // Any origin may call the sandbox from a browser (credentials are headers or signed query, never cookies).
  cors: { origins: ['*'] },
  rateLimit: {
    enabled: true,
    // X5: 60 per minute per client, then a 60 s ban.
    exchange: { limit: 60, windowMs: 60_000, banMs: 60_000 },
    // Decisions of the merchant and partner contracts: per API key / per credential.
    merchant: { limit: 120, windowMs: 60_000, banMs: 0 },
    partner: { limit: 30, windowMs: 60_000, banMs: 0 },
  },
  exchange: {
    keys: [
      { accessKey: 'demo-trader', secret: 'demo-trader-secret', scopes: ['trade'] },
      { accessKey: 'demo-trader-2', secret: 'demo-trader-2-secret', scopes: ['trade'] },
      { accessKey: 'demo-viewer', secret: 'demo-viewer-secret', scopes: [] },
    ],
    nonceWindowMs: 30_000,
    nonceTtlMs: 61_000,
    seedBalance: '1000000',
    feeRate: '0.0025',
    cancelDelayMs: 50,
    writerLeaseMs: 5000,
  },
  merchant: {
    keys: [
      {
        apiKey: 'demo-merchant',
        secret: 'demo-merchant-secret',
        sandbox: true,
        permissions: ['refund:create'],
        hostedPaymentIds: [1],
        webhookSigningSecret: 'demo-signing-secret',
        webhookEncoding: 'json',
      },
      {
        apiKey: 'demo-merchant-norefund',
        secret: 'demo-merchant-norefund-secret',
        sandbox: true,
        permissions: [],
        hostedPaymentIds: [1],
        webhookSigningSecret: 'demo-signing-secret',
        webhookEncoding: 'json',
      },
    ],
    sandbox: { foundAfterMs: 2000, confirmedAfterMs: 5000 },
    // Webhooks go to public addresses and loopback (local development; turn it off on a shared
    // deployment); private networks only when allowed (SSRF).
    webhookTargets: { allowPrivateNetworks: false, allowLoopback: true },
  },
  // Decisions S-where and S-rate-limits: the control API (/sandbox/v1) is off here; `npm start`
  // without a CONFIG file turns it on (server/config/config.ts loadConfig).
  sandbox: { controlApi: false, exemptRateLimits: false },
  partner: {
    credentials: [
      { partnerId: 'demo-partner', bearerKey: 'demo-partner-key', basicKey: 'demo-partner', basicSecret: 'demo-partner-secret' },
    ],
    passwordHashCost: 16384,
  },
} as const;
