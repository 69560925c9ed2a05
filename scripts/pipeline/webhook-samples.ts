// Samples for the receiving side of the merchant webhooks (decision M3): a receiver verifying
// deliveries with the client's verifyWebhook and a signed test delivery to it with curl (each
// webhook's `x-codeSamples`), and the same check by hand with openssl (the "Verifying webhooks"
// section of the merchant description).
import type { AnyContract } from '../../contracts/shared/contract.ts';
import { WEBHOOK_DELIVERY } from '../../contracts/merchant/ops-webhooks.ts';
import { SAMPLE_LANGUAGES, WEBHOOKS_IMPORT, type CodeSample } from './code-samples.ts';
import { curlLines } from './exchange-signing.ts';
import { shellSingle } from './literals.ts';
import { SAMPLE_KEYS } from './sandbox.ts';

const SECRET = SAMPLE_KEYS.merchant.signingSecret;
const RECEIVER = 'http://127.0.0.1:3000/webhooks';

/** A receiver in Express: the raw body goes to verifyWebhook, which throws a typed error or returns the payload. */
export function verifyWebhookSample(): string {
  return `import express from 'express';
import { verifyWebhook } from '${WEBHOOKS_IMPORT}';

const app = express();
// Keep the raw body: the signature covers \`data\` exactly as sent.
app.post('/webhooks', express.text({ type: 'application/json' }), (req, res) => {
  try {
    const event = verifyWebhook({ body: req.body, secret: '${SECRET}', toleranceSec: ${WEBHOOK_DELIVERY.toleranceSeconds} });
    console.log(event.type, event.payload); // 'payment' or 'refund', the decoded payload
    res.sendStatus(200); // any 2xx acknowledges; anything else is retried
  } catch (err) {
    res.status(400).send(String(err)); // bad signature, stale timestamp or malformed payload
  }
});
app.listen(3000);`;
}

/** The check by hand, in shell: the algorithm step by step. */
export function verifyWebhookShell(): string {
  return `# BODY is the raw POST body: {"signature":"t=<unix s>,s1=<hex>","data":"<base64 JSON>"}
SIG=$(printf '%s' "$BODY" | jq -r .signature)
DATA=$(printf '%s' "$BODY" | jq -r .data)
T=\${SIG#t=}; T=\${T%%,*}
EXPECTED=$(printf '%s' "$T.$DATA" | openssl dgst -sha256 -hmac ${shellSingle(SECRET)} | awk '{print $NF}')
case ",$SIG," in *",s1=$EXPECTED,"*) echo authentic ;; *) echo 'bad signature' ;; esac
[ $(( $(date +%s) - T )) -le ${WEBHOOK_DELIVERY.toleranceSeconds} ] && [ $(( T - $(date +%s) )) -le ${WEBHOOK_DELIVERY.toleranceSeconds} ] || echo 'stale timestamp'
printf '%s' "$DATA" | base64 -d  # the payload, JSON`;
}

/** A test delivery of `payload`, signed like the server signs it, to a receiver on localhost. */
export function testDeliveryCurl(payload: unknown): string {
  return [
    `DATA=$(printf '%s' ${shellSingle(JSON.stringify(payload))} | base64 | tr -d '\\n')`,
    'T=$(date +%s)',
    `S1=$(printf '%s' "$T.$DATA" | openssl dgst -sha256 -hmac ${shellSingle(SECRET)} | awk '{print $NF}')`,
    curlLines(`curl -X POST ${shellSingle(RECEIVER)}`, [
      `-H 'Content-Type: application/json'`,
      `-d "{\\"signature\\":\\"t=$T,s1=$S1\\",\\"data\\":\\"$DATA\\"}"`,
    ]),
  ].join('\n');
}

/** The decoded payload of a webhook's example envelope. */
function examplePayload(example: unknown, name: string): unknown {
  const data = (example as { data?: unknown } | undefined)?.data;
  if (typeof data !== 'string') throw new Error(`merchant webhook ${name}: the body example has no base64 \`data\``);
  return JSON.parse(Buffer.from(data, 'base64').toString('utf8'));
}

type Json = Record<string, unknown>;

/** Pipeline transform: `x-codeSamples` on every webhook of the document. */
export function addWebhookSamples(doc: Json, contract: AnyContract): void {
  const hooks = (doc.webhooks ?? {}) as Record<string, Record<string, Json>>;
  for (const [name, hook] of Object.entries(contract.webhooks ?? {})) {
    const docOp = hooks[name]?.post;
    if (!docOp) throw new Error(`${contract.id} webhook ${name} is not in the document`);
    // The openssl check lives in the "Verifying webhooks" section: Redoc offers one sample per language.
    const samples: CodeSample[] = [
      { ...SAMPLE_LANGUAGES.typescript, source: verifyWebhookSample() },
      { ...SAMPLE_LANGUAGES.curl, source: testDeliveryCurl(examplePayload(hook.body.example, name)) },
    ];
    docOp['x-codeSamples'] = samples;
  }
}
