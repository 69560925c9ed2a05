// The Exchange Trading API contract: document text, security schemes, operations and the
// decisions on everything the exchange document leaves open.
import type { ApiContract, Decision } from '../shared/contract.ts';
import { exchangeLinks } from './links.ts';
import { exchangeOperations } from './operations.ts';
import { LIMITS } from './requests.ts';
import { MarketIdSchema, OrderBySchema, OrderTypeSchema, SideSchema, StateSchema, TradeSideSchema, TrendSchema } from './schemas.ts';
import { EXTRA_FIELDS_DECISION, SIGNABLE_EXTRA_FIELD } from './signed-extras.ts';
import { SIGNATURE_TEST_SECRET, SIGNATURE_TEST_VECTORS } from './signing.ts';
import { formBodiesDecision } from '../shared/wire-forms.ts';
import { limitsDecision, TEXT_LIMITS } from '../shared/limits.ts';
import { EXCHANGE_DECIMAL_PATTERN, EXCHANGE_INTEGER_DIGITS } from '../shared/primitives.ts';
import { linksDecision } from '../shared/links.ts';
import { answersDecision } from '../shared/responses.ts';
import { versionedPath } from '../shared/release.ts';
import { release } from './release.ts';

// X1 (docs/decisions.md), extended to the wire forms of Peatio clients (X-tonce, X-form,
// X-query-body); the vectors are rendered from the same constants the tests check.
const X1 =
  '`METHOD|PATH|QUERY`. PATH is the full path with `/api/v1`, no query. QUERY holds every request parameter ' +
  'except `signature`: the query-string parameters and, for POST, the top-level fields of the body (JSON, or ' +
  'form-encoded as parsed, X-form), sorted by key, each written `key=value` with the value as is (not ' +
  'percent-encoded, as sent), joined by `&`. An array of objects (`orders` of `/orders/multi`) contributes ' +
  "`orders[][k]=v` for each element in array order, with each element's keys sorted. A JSON value is written: a " +
  'string as is; a number as its shortest round-trip text (ECMAScript `Number::toString`: `5.0` and `5` give `5`, ' +
  '`1e2` gives `100`, `0.1` gives `0.1`, `0.0000001` gives `1e-7`, `-0` gives `0`); `true`/`false`; `null` as the ' +
  'empty value. A number of magnitude 2^53 or more has no text every JSON reader agrees on: it cannot be signed and ' +
  'the request answers 400 1001 naming the field (send such values as strings). `access_key`, `nonce` (or ' +
  '`tonce`, X-tonce) and `signature` travel in the URL query or, when the body is form-encoded, in the body: each ' +
  'in one place.';

const X2 =
  'Check order: unknown key 2008 → nonce outside ±30 s 2007 (message gives the server time) → bad signature 2005 → ' +
  'nonce already used by this key 2006 → missing trading scope 2011. A nonce is recorded only after its signature ' +
  'verified (an attacker must not burn nonces), atomically, and remembered at least 61 s. All 401. A body X1 cannot ' +
  'sign unambiguously (a value nested deeper than an array of flat objects, a number of magnitude 2^53 or more, or a ' +
  'QUERY over 1,048,576 characters) answers 400 1001 naming the field, before the signature is checked; the client ' +
  'refuses to send it.';

const X5 =
  '60 requests per minute per client (`access_key` when signed, else IP); the 61st gets 429 with `Retry-After` and ' +
  "the API's error body (code 1002), and a temporary ban (default 60 s) follows. All three numbers are configurable.";

const vectors = SIGNATURE_TEST_VECTORS.map(
  (v) => `- ${v.json === undefined ? '' : `body \`${v.json}\`: `}\`${v.payload}\`\n  → \`${v.signature}\``,
).join('\n');

const description = `Programmatic access to a digital-asset exchange: public exchange data (server time, markets,
currencies), public market data (tickers, order book, trade history), account information (balances, orders,
trades) and trading (create, cancel and clear orders). JSON over HTTP; every path is relative to \`/api/v1\`.
Amounts, prices and volumes are exact decimals carried as strings; identifiers are integers, except market ids.

## Authentication

Account and trading operations are signed with an access key and its secret. Every such request carries three
parameters: \`access_key\`; \`nonce\` (or \`tonce\`, its Peatio name), an integer of milliseconds since the Unix epoch,
within 30 seconds of the server's time and used only once per key; and \`signature\`, the lower-case hex HMAC-SHA256
of the payload below keyed with the secret. They travel in the URL query, or in a form-encoded body. Trading operations (marked \`x-required-permission: trade\`) also need a key that
carries the trading permission.

**Payload (X1):** ${X1}

Test vectors (secret \`${SIGNATURE_TEST_SECRET}\`):

${vectors}

**Checks (X2):** ${X2} A request missing one of the three parameters (or repeating one, or giving one both in
the query and in the body, or both \`nonce\` and \`tonce\` with different values) fails first with 2001; a nonce that is not an integer
counts as outside the window, 2007 (X-auth).

## Limits

- **Rate limit (X5):** ${X5}
- Nonce window: ±30 s of server time, single use per access key.
- \`limit\` of /order_book: default ${LIMITS.orderBook.default}, at most ${LIMITS.orderBook.max} price levels per side; of
  /trade_history and /trades: default ${LIMITS.trades.default}, at most ${LIMITS.trades.max}; of /orders: default
  ${LIMITS.orders.default}, at most ${LIMITS.orders.max}. /orders/multi takes 1 to ${LIMITS.multiOrders.max} orders.

## Errors

Every error answers \`{ "error": { "code": <integer>, "message": <string> } }\`; the codes and their HTTP statuses
are listed on the \`ExchangeError\` schema.`;

const decisions: Decision[] = [
  { id: 'X1', gap: 'Placement of body parameters of POST requests in the signed query string (5.6)', decision: `Signature payload: ${X1}` },
  { id: 'X2', gap: 'Order of the authentication checks and the bookkeeping of used nonces', decision: X2 },
  { id: 'X3', gap: 'HTTP status of code 1001', decision: 'Validation errors (code 1001) answer HTTP 400, naming the offending parameter.' },
  {
    id: 'X4',
    gap: 'Whether trade_history answers an object or an array; defaults and maxima of `limit`; default sort order',
    decision:
      '`trade_history` and `trades` return arrays. Defaults and maxima of `limit` on trade_history, trades and orders, ' +
      'and the default sort order, are chosen and documented: see X-limits.',
  },
  { id: 'X5', gap: 'Rate-limit details: who is counted, the answer, the ban', decision: `Rate limit: ${X5}` },
  {
    id: 'X-codes',
    gap: 'Error codes for failures the code table does not cover',
    decision:
      'The exchange table has no code for the rate limit or for failures outside any operation, so they take the numbers the merchant and partner table gives the same failures: ' +
      '1002 rate limit (429, with Retry-After), 1004 unknown route (404), 1005 internal error (500, and 501 for an operation a custom server leaves unimplemented), ' +
      '1006 a store shared between instances (Redis: nonces, rate limits) cannot be reached (503, with Retry-After; never an accepted request), ' +
      '1008 body over the limit (413), 1009 method not allowed (405, with Allow), 1010 body neither JSON nor form-encoded (415). A malformed JSON or form body is a validation error: 1001 (400). No stack trace or internal detail is ever sent.',
  },
  {
    id: 'X6',
    gap: 'Execution of market orders and arithmetic of amounts',
    decision:
      'Market orders execute immediately against the book; whatever cannot fill is cancelled (the order ends `cancel` ' +
      'with its executed part kept, or `done` when fully filled). A market buy, whose cost is known only as it fills, spends at ' +
      'most the available quote balance: what that does not pay for is cancelled like missing liquidity; with nothing available ' +
      'it is refused (2002). A market sell needs its whole volume available (2002 otherwise). Amounts are exact decimals ' +
      '(never binary floats); fees are in quote currency. `avg_price` is the volume-weighted average of the trade prices, ' +
      'rounded down to the quote precision.',
  },
  {
    id: 'X-limits',
    gap: 'Default and maximum of `limit` on trade_history, orders and trades, default sort order (section 8)',
    decision:
      `order_book \`limit\`: default ${LIMITS.orderBook.default} (document), at most ${LIMITS.orderBook.max}, counted per side. ` +
      `trade_history and trades \`limit\`: default ${LIMITS.trades.default}, at most ${LIMITS.trades.max}. orders \`limit\`: ` +
      `default ${LIMITS.orders.default}, at most ${LIMITS.orders.max}; \`offset\` default 0. \`order_by\` defaults to \`desc\` ` +
      '(newest first, the "reverse creation order" of the document) on all three. `timestamp`, `from` and `to` are exclusive ' +
      'and combine with AND. A value outside these bounds is a validation error (1001), not clamped.',
  },
  {
    id: 'X-transitions',
    gap: 'Transitions of the order state (section 3)',
    decision:
      'An order is created in `wait` and matched at once; `wait` → `done` when fully filled; `wait` → `cancel` when a ' +
      'requested cancellation is processed or a market order cannot fill (X6), and for dust: `funds` round down, so no ' +
      'trade may be worth less than one quote unit; an order whose remaining volume is worth less than that at its own price ' +
      '(for a taker: at the best opposite price it would trade at next, when it cannot rest there without crossing the book) ' +
      'is cancelled with what it executed (an order worth less than one unit in all is refused, 2002). `done` and `cancel` are final; ' +
      'cancelling such an order answers 400 (2003). A partly filled order that is cancelled keeps its executed volume and trades. ' +
      'Cancel and clear answer the order(s) as they were when the request was accepted; the state changes asynchronously.',
  },
  {
    id: 'X-multi',
    gap: 'Partial success of POST /orders/multi',
    decision:
      `All or nothing: either every order is accepted or none is, and the 2002 message names the index of the first ` +
      `failing order (\`orders[i]: <reason>\`). 1 to ${LIMITS.multiOrders.max} orders per request, matched in array order; ` +
      'the response lists the created orders in request order.',
  },
  {
    id: 'X-fee',
    gap: 'Fee rate, and the precision and rounding of funds and fees (the document only says fees are in quote currency)',
    decision:
      'Balances, locks, `funds` and fees are kept exactly, in ledger units of each currency: the finest places price × volume ' +
      'takes in any market quoted in it (usd, cad, eur 10 places; btc 16; eth 12), never fewer than the currency\'s precision ' +
      '(ltc, bch 8; xem, xvg 4). `funds` is price × volume exactly (never rounded), so a seller receives the exact product and ' +
      'neither side trades at a worse price than its limit. One flat fee of 0.25% of `funds`, charged in quote currency to both ' +
      "sides (maker and taker alike): added to the buyer's cost, deducted from the seller's proceeds, credited to the house. " +
      "Fees are cumulative per order: a fill is charged floor(0.25% × the order's funds so far) minus what its earlier fills paid, " +
      'so the fees of an order, however it is split into fills, total 0.25% of its funds rounded down to one ledger unit, and ' +
      'every currency is conserved exactly. Amounts are written with the currency\'s precision, and with more places only when ' +
      "the exact value has them ('7250.00', '2.169074732'). The fee of each fill appears as `fee` on its UserTrade.",
  },
  {
    id: 'X-orders',
    gap: 'Which order failures are validation errors and which are order errors',
    decision:
      'What the schema states (missing field, wrong type, unknown market, `price` missing on a limit order or present on a ' +
      'market order) is 1001. Business rules are 2002: volume or price zero, more decimals than the market precision, ' +
      'insufficient available balance.',
  },
  {
    id: 'X-ownership',
    gap: "Access to another user's orders",
    decision: "GET /order and POST /order/delete answer 404 (2004) for an unknown id and for another user's order alike.",
  },
  { id: 'X-ticker', gap: 'The day of a ticker ("Today\'s open/low/high", "24-hour volume")', decision: 'open, low, high and vol cover the trades of the last 24 hours, a rolling window (the same day for every time zone); last is the most recent trade price however old; at is the time the ticker was computed. With no trade in the window open, low, high and vol are zero at their precision; last is zero only for a market that never traded.' },
  {
    id: 'X-auth',
    gap: 'When code 2001 (Authorization failed) is used',
    decision:
      'An authenticated operation called without `access_key`, `nonce` (or `tonce`) or `signature`, with one of them ' +
      'repeated or given both in the query and in a form body, or with both `nonce` and `tonce` of different values, answers 401 with 2001, ' +
      'before the checks of X2. A nonce that is not an integer is treated as outside the window (2007).',
  },
  {
    id: 'X-tonce',
    gap: 'The name of the nonce parameter (Peatio clients send `tonce`)',
    decision:
      '`tonce` is another name for `nonce` on every signed operation: a request carries one of the two, or both with the ' +
      'same value (a caller adding `nonce` to a Peatio client that adds `tonce` itself), which are one nonce; neither, ' +
      'or both with different values: 2001. The signed QUERY holds the names as sent, so `tonce=` sorts where `tonce` sorts (X1). A nonce is ' +
      'used once per key whichever name carried it. The documents and the typed client use `nonce`.',
  },
  formBodiesDecision('X-form', 'A malformed form body (bad percent-encoding or UTF-8, brackets, a name used as both a value and a group, over the limits) answers 400 `1001` naming the problem.'),
  {
    id: 'X-query-body',
    gap: 'POST parameters in the URL query (Peatio merged query and body)',
    decision:
      'A POST may carry its body fields in the URL query instead, with the form rules (`orders[][side]=buy`): they are ' +
      'taken as body fields, validated and signed (X1) as if they had come in the body, which is then usually empty. A ' +
      'field given both in the query and in the body answers 400 `1001` naming it.',
  },
  {
    id: 'X-decimals',
    gap: 'Which decimal strings an amount, price or volume may be',
    decision:
      `Digits, optionally \`.\` and more digits, with 1 to ${EXCHANGE_INTEGER_DIGITS} digits before the point, leading zeros counted ` +
      `(\`${EXCHANGE_DECIMAL_PATTERN}\`), at most ${TEXT_LIMITS.decimal} characters: the pattern of every decimal field, and exactly what ` +
      'the order engine parses, so a string the document accepts is never refused as "not a decimal number". More decimal places ' +
      'than the market allows is a rule of the book, not of the document: the order is rejected (2002, X-orders) unless the extra digits are zeros.',
  },
  { id: 'X-extra-fields', gap: 'Body fields an operation does not declare, and how X1 signs them', decision: EXTRA_FIELDS_DECISION },
  answersDecision('X-answers', 400),
  limitsDecision('X-sizes'),
  linksDecision('X-links'),
  { id: 'X-events', gap: 'Events (section 6)', decision: 'None: the exchange API sends no webhooks; clients poll GET /order, /orders and /trades.' },
  {
    id: 'X-versioning',
    gap: 'Versioning policy beyond the path prefix (section 9)',
    decision:
      'Within `/api/v1` changes are additive only: new operations, new optional parameters, new response fields; ' +
      'clients ignore fields they do not know. A breaking change gets a new prefix (`/api/v2`), and v1 keeps running ' +
      'for at least 6 months after v2 is announced. `info.version` of this document follows semver.',
  },
];

export const exchangeContract = {
  id: 'exchange',
  title: 'Exchange Trading API',
  version: release.version,
  unreleased: release.unreleased,
  description,
  basePath: versionedPath('/api', release.version),
  tags: [
    { name: 'Exchange', description: 'Public exchange data: server time, markets, currencies' },
    { name: 'Market data', description: 'Public market data: tickers, order book, trade history' },
    { name: 'Account', description: 'Account information: balances, orders, trades (signed)' },
    { name: 'Trading', description: 'Create, cancel and clear orders (signed, trading permission)' },
  ],
  securitySchemes: {
    AccessKey: { type: 'apiKey', in: 'query', name: 'access_key', description: 'The access key (X1).' },
    Nonce: {
      type: 'apiKey',
      in: 'query',
      name: 'nonce',
      description: 'Integer milliseconds since the Unix epoch, within ±30 s of server time, single use per key (X2).',
    },
    Signature: {
      type: 'apiKey',
      in: 'query',
      name: 'signature',
      description: 'Lower-case hex HMAC-SHA256 of `METHOD|PATH|QUERY`, keyed with the secret (X1).',
    },
  },
  operations: exchangeOperations,
  links: exchangeLinks,
  // The enumerations are registered before the operations on purpose: zod-to-openapi drops the
  // overrides (a parameter's `default: desc`) of the first use of a named schema it meets.
  extraSchemas: {
    MarketId: MarketIdSchema,
    State: StateSchema,
    Side: SideSchema,
    OrderType: OrderTypeSchema,
    OrderBy: OrderBySchema,
    TradeSide: TradeSideSchema,
    Trend: TrendSchema,
  },
  decisions,
  extraBodyFields: SIGNABLE_EXTRA_FIELD as unknown as Record<string, unknown>,
} satisfies ApiContract<typeof exchangeOperations>;
