// The sandbox control API contract: the fourth document. Served only by a
// sandbox (`npm start`; elsewhere only when `sandbox.controlApi` is configured), under /sandbox/v1.
import type { ApiContract, Decision } from '../shared/contract.ts';
import { deliveryDecisions } from './deliveries.ts';
import { sandboxOperations } from './operations.ts';
import { MAX_ADVANCE_SECONDS } from './schemas.ts';

export const sandboxDecisions: Decision[] = [
  {
    id: 'S-where',
    gap: 'Where the control API is served',
    decision:
      'Only by a sandbox: `npm start` (and `cryptopay-toolkit serve`) turn it on unless a CONFIG file is given or ' +
      '`SANDBOX_API=off`; `createServer` and a CONFIG file turn it on only with `sandbox.controlApi: true`. Elsewhere ' +
      '`/sandbox/v1` does not exist (404 like any unknown path).',
  },
  {
    id: 'S-access',
    gap: 'Who may call it',
    decision:
      'HTTP Basic with a merchant key configured with `sandbox: true` (`demo-merchant` / `demo-merchant-secret`), or no ' +
      'credentials at all from a loopback address (127.0.0.0/8, ::1). A live merchant key (`sandbox: false`), a wrong ' +
      'secret or any other scheme answers 401 code `1001`; a request without credentials from another address too. No ' +
      'production key ever reaches it.',
  },
  {
    id: 'S-clock',
    gap: 'What the test clock drives',
    decision:
      'A global clock, and one per merchant key on top of it: the global time is real time plus an offset that only grows; ' +
      "a merchant's time adds its own offset, moved by `POST /merchants/{api_key}/clock/advance` (only that merchant's " +
      'steps run; its requests, fixtures and the steps they schedule read its time; a merchant reset puts it back). Every time-based ' +
      'step of the merchant sandbox is scheduled on it (payments found and confirmed, M2; invoice payment and expiry; ' +
      'refund links opened, sent and expired; the webhook retry schedule), and `POST /clock/advance` runs those that fall ' +
      `due, in due order, before it answers (at most ${MAX_ADVANCE_SECONDS} s per call). Records created meanwhile carry the ` +
      'sandbox time. The exchange reads it too: the nonce window (X1: a nonce within 30 s of the sandbox time, so after an ' +
      'advance a client signs with the sandbox time, `now` of the typed exchange client set to real time plus the ' +
      'offset `GET /clock` gives), the 24 h ticker window and the times of orders and trades. Rate-limit windows and the ' +
      'expiry of used nonces keep real time.',
  },
  {
    id: 'S-rate-limits',
    gap: 'Rate limits during test runs',
    decision:
      'Off by default. `POST /rate-limits {"sandbox_keys_exempt": true}` (or config `sandbox.exemptRateLimits`) makes ' +
      'requests authenticated with a sandbox credential skip the limiter: merchant keys with `sandbox: true` and every ' +
      'exchange and partner credential of the sandbox, and anything sent from loopback (the machine the sandbox runs on, ' +
      'as S-access trusts it: the public and refused requests too). Other requests without a valid ' +
      'credential are still counted per address.',
  },
  {
    id: 'S-prefer',
    gap: 'How a client reaches answers the sandbox gives only on failure (500, 503, 429, ...)',
    decision:
      'With the control API on, a request of a sandbox caller (a sandbox credential, or anything from loopback) to any ' +
      'operation of the four documents that carries `Prefer: code=<status>` and passes auth, rate limit and validation is ' +
      'answered with that status, the declared example body and the declared headers (`Retry-After: 1`, `Allow`), as ' +
      "Prism does. A status the operation does not declare is refused as invalid input naming the `Prefer` header " +
      '(exchange 400 `1001`, the others 422 `1002`). Production servers ignore the header.',
  },
  {
    id: 'S-errors',
    gap: 'Error bodies',
    decision: 'The platform body `{title, code, details, source?}` of the partner API; validation failures answer 422 code `1002`.',
  },
  ...deliveryDecisions,
];

export const sandboxContract = {
  id: 'sandbox',
  title: 'Sandbox Control API',
  version: '1.0.0',
  description: [
    'Drives the reference sandbox in tests: reset everything, one merchant or one trader, load fixtures (balances, an ' +
      'order book, payments, invoices and refunds), move a test clock that fires every time-based step of the sandbox at once, ' +
      'read, follow and replay the webhook delivery log, and exempt sandbox credentials from the rate limits.',
    '## Authentication\n\n' +
      'From the machine the sandbox runs on, no credentials; from elsewhere, HTTP Basic with a sandbox merchant key (S-access).',
  ].join('\n\n'),
  basePath: '/sandbox/v1',
  tags: [
    { name: 'Reset', description: 'Start from a clean sandbox' },
    { name: 'Fixtures', description: 'Load balances, order books, payments, invoices and refunds in a given state' },
    { name: 'Test clock', description: 'Sandbox time, advanced on request' },
    { name: 'Rate limits', description: 'Exempt sandbox credentials during test runs' },
    { name: 'Webhook deliveries', description: 'The delivery log: read, follow (listen) and replay webhook attempts' },
  ],
  securitySchemes: {
    SandboxBasic: { type: 'http', scheme: 'basic', description: 'S-access: a merchant key with `sandbox: true`; optional from loopback.' },
  },
  operations: sandboxOperations,
  decisions: sandboxDecisions,
} satisfies ApiContract<typeof sandboxOperations, 'sandbox'>;
