// Guide sections the pipeline adds to each document's description (Redoc shows them as pages of
// the side menu): links back to the index and the YAML, "Signing, step by step" for the exchange
// (X1 with a test vector) and "Verifying webhooks" for the merchant API (M3).
import type { AnyContract } from '../../contracts/shared/contract.ts';
import { WEBHOOK_DELIVERY } from '../../contracts/merchant/ops-webhooks.ts';
import { clientSetup } from './code-samples.ts';
import { EXAMPLE_NONCE, exampleSignature, signedCurl } from './exchange-signing.ts';
import { SAMPLE_KEYS, SANDBOX_ORIGIN } from './sandbox.ts';
import { MERCHANT_QUICK_START } from './quick-start.ts';
import { sampleRequest } from './sample-request.ts';
import { verifyWebhookSample, verifyWebhookShell } from './webhook-samples.ts';

type Json = Record<string, unknown>;

const fence = (lang: string, source: string) => `\`\`\`${lang}\n${source}\n\`\`\``;

/** Inserts `section` before the first line equal to `heading`, or appends it. */
function insertBefore(text: string, heading: string, section: string): string {
  const at = text.indexOf(`\n${heading}\n`);
  return at < 0 ? `${text}\n\n${section}\n` : `${text.slice(0, at)}\n${section}\n${text.slice(at)}`;
}

/** Links shown above the description: relative, so they work wherever /docs is served. */
function navigation(contract: AnyContract): string {
  return (
    `[All APIs](./) · [OpenAPI document (YAML)](../openapi/${contract.id}.yaml) · [Decisions](decisions.md) · ` +
    `Sandbox: \`npm start\` serves this API at \`${SANDBOX_ORIGIN}${contract.basePath}\`.`
  );
}

function exchangeSigning(doc: Json, contract: AnyContract): string {
  const entry = Object.entries(contract.operations).find(([, op]) => op.method === 'get' && op.path === '/balances');
  if (!entry) throw new Error('exchange: the signing guide needs GET /balances');
  const [operationId, op] = entry;
  const docOp = (doc.paths as Record<string, Record<string, Json>>)[op.path]![op.method]!;
  const req = sampleRequest(doc, docOp, op, `exchange.${operationId}`);
  const ctx = { origin: SANDBOX_ORIGIN, basePath: contract.basePath, accessKey: SAMPLE_KEYS.exchange.accessKey, secret: SAMPLE_KEYS.exchange.secretKey };
  const example = exampleSignature(req, ctx);
  return `## Signing, step by step

1. Take a nonce: the current time in milliseconds since the Unix epoch, within 30 s of the server's clock
   (\`GET /timestamp\` gives it in seconds), never used before with the same key.
2. Collect every parameter of the request except \`signature\`: \`access_key\`, \`nonce\`, the other query
   parameters and, for POST, the top-level fields of the JSON body. Sort them by key, write each \`key=value\` with
   the value as is (not percent-encoded) and join them with \`&\`. An array of objects contributes
   \`orders[][k]=v\` per element, in array order, each element's keys sorted.
3. The payload is \`METHOD|PATH|QUERY\`, PATH with \`${contract.basePath}\`: \`${example.payload}\`.
4. The signature is the lower-case hex HMAC-SHA256 of the payload keyed with the secret: with
   \`${ctx.secret}\` and nonce ${EXAMPLE_NONCE}, \`${example.signature}\` (the first test vector above).
5. Send \`access_key\`, \`nonce\` and \`signature\` in the URL query; POST bodies stay JSON. Peatio clients work
   unchanged too: the nonce may be named \`tonce\` (signed under that name, X-tonce), a POST body may be
   form-encoded with the three parameters inside it (X-form), and POST fields may travel in the URL query (X-query-body).

In a shell, with openssl (every operation's curl sample shows its own payload):

${fence('sh', signedCurl(req, ctx))}

The TypeScript client signs every authenticated call itself:

${fence('ts', `${clientSetup('exchange', contract.basePath)}\n\nconst { data, error } = await ex.GET('/balances');`)}`;
}

function merchantWebhooks(): string {
  return `## Verifying webhooks

Every webhook is a POST of \`{"signature": "t=<unix s>,s1=<hex>", "data": "<base64 JSON>"}\` (decision M3). Before trusting one:

1. Keep the raw body and parse it as JSON; do not re-serialise \`data\`.
2. Split \`signature\` on \`,\` then on \`=\`: one \`t\` and one or more \`s1\`.
3. Compute the lower-case hex HMAC-SHA256 of \`<t>.<data>\` (\`data\` exactly as received, still base64), keyed with the
   signing secret of the hosted payment plugin (sandbox: \`${SAMPLE_KEYS.merchant.signingSecret}\`).
4. The webhook is authentic when the result equals one of the \`s1\` values, compared in constant time.
5. Reject it when |now − t| exceeds ${WEBHOOK_DELIVERY.toleranceSeconds} seconds (replays).
6. Base64-decode \`data\` and parse the JSON: a PaymentWebhookPayload or a RefundWebhookPayload.
7. Answer any 2xx quickly. Delivery is at least once, so ignore a \`data\` already processed.

With the TypeScript client, \`verifyWebhook\` does steps 2 to 6 and throws a typed error naming the failed check:

${fence('ts', verifyWebhookSample())}

The same check in a shell:

${fence('sh', verifyWebhookShell())}

Each webhook below also has a curl sample that sends a signed test delivery to a local receiver.`;
}

/** Pipeline transform: the guide sections of one document's description. */
export function addGuides(doc: Json, contract: AnyContract): void {
  const info = doc.info as { description: string };
  let text = `${navigation(contract)}\n\n${info.description}`;
  if (contract.id === 'exchange') text = insertBefore(text, '## Limits', exchangeSigning(doc, contract));
  if (contract.id === 'merchant') text = insertBefore(text, '## Limits', `## Quick start\n\n${MERCHANT_QUICK_START}\n\n${merchantWebhooks()}`);
  info.description = text;
}
