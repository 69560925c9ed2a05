// The sandbox the docs talk about: base URL and demo credentials, read from the server's own
// defaults (server/config/defaults.ts) so the index page and the code samples cannot drift from
// what `npm start` accepts. That module is plain data (no imports), which is why scripts/ may
// read it.
import type { DocumentId } from '../../contracts/shared/contract.ts';
import { SANDBOX_DEFAULTS } from '../../server/config/defaults.ts';

export const SANDBOX_ORIGIN = `http://${SANDBOX_DEFAULTS.host}:${SANDBOX_DEFAULTS.port}`;

/** The keys the samples use: the first (most capable) key of each API. */
const [trader] = SANDBOX_DEFAULTS.exchange.keys;
const [merchant] = SANDBOX_DEFAULTS.merchant.keys;
const [partner] = SANDBOX_DEFAULTS.partner.credentials;

export const SAMPLE_KEYS = {
  exchange: { accessKey: trader.accessKey, secretKey: trader.secret },
  merchant: { apiKey: merchant.apiKey, apiSecret: merchant.secret, signingSecret: merchant.webhookSigningSecret },
  partner: { apiKey: partner.bearerKey, basicKey: partner.basicKey, basicSecret: partner.basicSecret },
} as const;

export interface CredentialRow {
  credentials: string;
  notes: string;
}

const list = (items: readonly string[]) => items.join(', ');

/** One row per sandbox credential, as the integrator guide's table of sandbox defaults gives it. */
export function sandboxCredentials(api: DocumentId): CredentialRow[] {
  switch (api) {
    case 'exchange':
      return SANDBOX_DEFAULTS.exchange.keys.map((k) => ({
        credentials: `access key \`${k.accessKey}\`, secret \`${k.secret}\``,
        notes: k.scopes.length > 0 ? `scopes: ${list(k.scopes)}; seeded balances in every currency` : 'no trading scope (read-only)',
      }));
    case 'merchant':
      return SANDBOX_DEFAULTS.merchant.keys.map((k) => ({
        credentials: `Basic \`${k.apiKey}\` / \`${k.secret}\``,
        notes:
          `${k.sandbox ? 'sandbox key' : 'live key'}, ` +
          `${k.permissions.length > 0 ? `permissions: ${list(k.permissions)}` : 'no refund permission'}, ` +
          `hosted payment id ${list(k.hostedPaymentIds.map(String))}, webhook signing secret \`${k.webhookSigningSecret}\``,
      }));
    case 'partner':
      return SANDBOX_DEFAULTS.partner.credentials.map((c) => ({
        credentials: `Bearer \`${c.bearerKey}\`; Basic \`${c.basicKey}\` / \`${c.basicSecret}\``,
        notes: `partner \`${c.partnerId}\``,
      }));
    case 'sandbox':
      return [
        { credentials: 'none, from loopback (127.0.0.1, ::1)', notes: 'decision S-access' },
        ...SANDBOX_DEFAULTS.merchant.keys.filter((k) => k.sandbox).map((k) => ({ credentials: `Basic \`${k.apiKey}\` / \`${k.secret}\``, notes: 'any merchant key with `sandbox: true`' })),
      ];
  }
}
