// Credentials the runner authenticates with: the sandbox defaults (docs/guides/integrator.md), replaced by flags
// or environment variables when pointing at another deployment.

export interface KeyPair {
  key: string;
  secret: string;
}

export interface Credentials {
  exchange: {
    /** Keys with the trading permission; signed calls are spread over them (rate limits are per key). */
    trade: KeyPair[];
    /** A key without the trading permission, for the 2011 check (skipped when absent). */
    viewer?: KeyPair;
  };
  merchant: {
    key: KeyPair;
    /** A key without the Refund Create permission, for the 1003 check (skipped when absent). */
    noRefund?: KeyPair;
    /** Another merchant: what `key` creates must be refused to it (cross-tenant checks). */
    other?: KeyPair;
  };
  partner: {
    bearer?: string;
    basic?: KeyPair;
    /** Another partner (cross-tenant checks). */
    other?: { bearer?: string; basic?: KeyPair };
  };
}

export const SANDBOX_CREDENTIALS: Credentials = {
  exchange: {
    trade: [
      { key: 'demo-trader', secret: 'demo-trader-secret' },
      { key: 'demo-trader-2', secret: 'demo-trader-2-secret' },
    ],
    viewer: { key: 'demo-viewer', secret: 'demo-viewer-secret' },
  },
  merchant: {
    key: { key: 'demo-merchant', secret: 'demo-merchant-secret' },
    noRefund: { key: 'demo-merchant-norefund', secret: 'demo-merchant-norefund-secret' },
    // A merchant of its own (its records are not demo-merchant's), so it serves as the other tenant too.
    other: { key: 'demo-merchant-norefund', secret: 'demo-merchant-norefund-secret' },
  },
  partner: { bearer: 'demo-partner-key', basic: { key: 'demo-partner', secret: 'demo-partner-secret' } },
};

/** `key:secret` (the secret may itself contain colons). */
export function parseKeyPair(text: string, what: string): KeyPair {
  const i = text.indexOf(':');
  if (i <= 0 || i === text.length - 1) throw new Error(`${what} must be written key:secret, got "${text}"`);
  return { key: text.slice(0, i), secret: text.slice(i + 1) };
}

export interface CredentialInput {
  exchangeKeys?: string;
  exchangeViewer?: string;
  merchantKey?: string;
  merchantNoRefund?: string;
  partnerBearer?: string;
  partnerBasic?: string;
  merchantOther?: string;
  partnerOtherBearer?: string;
}

/** Environment variables read when the matching flag is absent. */
export const CREDENTIAL_ENV: Record<keyof CredentialInput, string> = {
  exchangeKeys: 'CONTRACT_EXCHANGE_KEYS',
  exchangeViewer: 'CONTRACT_EXCHANGE_VIEWER',
  merchantKey: 'CONTRACT_MERCHANT_KEY',
  merchantNoRefund: 'CONTRACT_MERCHANT_NOREFUND',
  partnerBearer: 'CONTRACT_PARTNER_BEARER',
  partnerBasic: 'CONTRACT_PARTNER_BASIC',
  merchantOther: 'CONTRACT_MERCHANT_OTHER',
  partnerOtherBearer: 'CONTRACT_PARTNER_OTHER_BEARER',
};

/**
 * Flags first, then environment, then the sandbox defaults. `none` switches an optional
 * credential off (its checks are skipped): `--exchange-viewer none`.
 */
export function resolveCredentials(flags: CredentialInput, env: NodeJS.ProcessEnv = process.env): Credentials {
  const get = (k: keyof CredentialInput) => flags[k] ?? env[CREDENTIAL_ENV[k]];
  const optional = <T>(k: keyof CredentialInput, parse: (v: string) => T, fallback: T | undefined): T | undefined => {
    const v = get(k);
    if (v === undefined || v === '') return fallback;
    return v === 'none' ? undefined : parse(v);
  };
  const d = SANDBOX_CREDENTIALS;
  const trade = get('exchangeKeys');
  const viewer = optional('exchangeViewer', (v) => parseKeyPair(v, 'exchange viewer key'), d.exchange.viewer);
  const noRefund = optional('merchantNoRefund', (v) => parseKeyPair(v, 'merchant no-refund key'), d.merchant.noRefund);
  const bearer = optional('partnerBearer', (v) => v, d.partner.bearer);
  const basic = optional('partnerBasic', (v) => parseKeyPair(v, 'partner basic credential'), d.partner.basic);
  const merchantKey = get('merchantKey');
  const merchantOther = optional('merchantOther', (v) => parseKeyPair(v, 'other merchant key'), d.merchant.other);
  const partnerOther = optional('partnerOtherBearer', (v) => v, undefined);
  if (!bearer && !basic) throw new Error('The partner API needs a Bearer key or a Basic credential');
  return {
    exchange: {
      trade: trade ? trade.split(',').map((t) => parseKeyPair(t.trim(), 'exchange key')) : d.exchange.trade,
      ...(viewer ? { viewer } : {}),
    },
    merchant: {
      key: merchantKey ? parseKeyPair(merchantKey, 'merchant key') : d.merchant.key,
      ...(noRefund ? { noRefund } : {}),
      ...(merchantOther ? { other: merchantOther } : {}),
    },
    partner: { ...(bearer ? { bearer } : {}), ...(basic ? { basic } : {}), ...(partnerOther ? { other: { bearer: partnerOther } } : {}) },
  };
}
