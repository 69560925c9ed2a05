import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as client from './index.ts';

describe('client/index.ts', () => {
  it('exports the public API', () => {
    for (const name of [
      'createExchangeClient', 'createMerchantClient', 'createPartnerClient', 'unwrap', 'ExchangeApiError', 'MerchantApiError',
      'PartnerApiError', 'paginateTransactions', 'paginateOrders', 'paginateTrades', 'paginateTradeHistory', 'createRateLimiter',
      'createNonceSource',
    ]) {
      expect(client, name).toHaveProperty(name);
    }
    // Webhook verification loads zod: it is in its own entry, not here.
    for (const name of ['verifyWebhook', 'webhookHandler']) expect(client, name).not.toHaveProperty(name);
  });

  it('each per-API entry is usable alone', async () => {
    const want = {
      './exchange.ts': ['createExchangeClient', 'unwrap', 'ExchangeApiError', 'MissingCredentialsError', 'createNonceSource', 'paginateOrders'],
      './merchant.ts': ['createMerchantClient', 'unwrap', 'MerchantApiError', 'paginateTransactions'],
      './partner.ts': ['createPartnerClient', 'unwrap', 'PartnerApiError'],
      './sandbox.ts': ['createSandboxClient', 'unwrap', 'SandboxApiError'],
      './webhooks-express.ts': ['webhookHandler', 'verifyWebhook', 'signWebhook', 'WebhookVerificationError', 'memorySeenStore'],
    };
    for (const [entry, names] of Object.entries(want)) {
      const mod: Record<string, unknown> = await import(entry);
      for (const name of names) expect(mod, `${entry} ${name}`).toHaveProperty(name);
    }
  });

  it('never imports server/, and loads express for types only', () => {
    const dir = new URL('.', import.meta.url);
    const files = ['index', 'exchange', 'exchange-signing', 'merchant', 'partner', 'sandbox', 'base-url', 'core', 'errors', 'retry', 'rate-limiter',
      'nonce', 'pagination', 'webhooks', 'seen-store', 'webhooks-express', 'transport'];
    for (const f of files) {
      const src = readFileSync(new URL(`${f}.ts`, dir), 'utf8');
      const imports = [...src.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms)].map((m) => ({ typeOnly: !!m[1], from: m[2]! }));
      for (const i of imports) {
        expect(i.from, `${f}.ts`).not.toMatch(/server\//);
        if (i.from === 'express') expect(i.typeOnly, `${f}.ts imports express at runtime`).toBe(true);
        if (i.from.startsWith('../')) expect(i.from, `${f}.ts`).toMatch(/^\.\.\/(generated\/types|contracts)\//);
        if (i.from.startsWith('../generated/')) expect(i.typeOnly, `${f}.ts imports generated types at runtime`).toBe(true);
      }
    }
  });
});
