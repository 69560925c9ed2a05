// `webhooks trigger <event>`: builds a declared webhook (the document's example payload, or a
// schema-driven sample), applies `--set` overrides (validated against the document), signs it as
// the sandbox signs and sends it to `--to` in the key's encoding or `--encoding`.
import { reason } from '../help.ts';
import { parseArgs } from 'node:util';
import { WEBHOOK_CONTENT_TYPES, WEBHOOK_ENCODINGS, encodeWebhookBody, type WebhookEncoding } from '../../contracts/merchant/webhook-encoding.ts';
import { DEFAULT_MERCHANT, envelopeFor, post, sandboxKey } from './deliver.ts';
import { webhookCatalog, type WebhookCatalog } from './events.ts';
import { applyOverrides } from './overrides.ts';

export const TRIGGER_USAGE = (prog: string) => `Usage: ${prog} trigger <event> --to URL [options]

Sends one webhook the merchant document declares, its payload valid against the document, signed
exactly as the sandbox signs it (M3: {signature: "t=<unix s>,s1=<hex>", data: "<base64 JSON>"}).

  <event>              paymentFound, paymentConfirmed or refundProcessed (the document's webhooks)
  --to URL             the receiver
  --merchant KEY       sandbox merchant key whose signing secret and encoding to use (default ${DEFAULT_MERCHANT})
  --secret S           signing secret (default: the key's, demo-signing-secret for the sandbox keys)
  --set field=value    override a payload field (dotted path: blockchain_transactions.0.status=Confirmed);
                       repeatable; refused, naming the field, if the payload stops matching the document
  --encoding json|form body encoding (default the key's; form = application/x-www-form-urlencoded)
  --timestamp T        sign with unix time T instead of now
  --print              print the body sent
Exit code: 0 when the receiver answered 2xx, 1 otherwise, 2 on a usage error.`;

export interface TriggerRequest {
  event: string;
  sets?: readonly string[];
  secret: string;
  encoding: WebhookEncoding;
  t: number;
}

/** The payload, the body on the wire and its Content-Type; throws (naming the cause) on a bad event or override. */
export function buildTrigger(req: TriggerRequest, catalog: WebhookCatalog = webhookCatalog()) {
  const declared = catalog.get(req.event);
  const payload = applyOverrides(catalog, declared, catalog.sample(declared), req.sets ?? []);
  const envelope = envelopeFor(payload, req.secret, req.t);
  return { event: declared.event, payload, envelope, body: encodeWebhookBody(envelope, req.encoding), contentType: WEBHOOK_CONTENT_TYPES[req.encoding] };
}

class UsageError extends Error {}

function parse(argv: readonly string[]) {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: {
      to: { type: 'string' }, merchant: { type: 'string' }, secret: { type: 'string' }, set: { type: 'string', multiple: true },
      encoding: { type: 'string' }, timestamp: { type: 'string' }, print: { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: true,
  });
  return { values, positionals };
}

/** Runs `trigger` as the command line says; resolves to the exit code. */
export async function triggerCli(argv: readonly string[], prog: string, out = process.stdout, err = process.stderr): Promise<number> {
  let args;
  try {
    args = parse(argv);
    if (args.values.help) {
      out.write(`${TRIGGER_USAGE(prog)}\n`);
      return 0;
    }
    const { values, positionals } = args;
    if (positionals.length !== 1) throw new UsageError('give exactly one event');
    if (!values.to) throw new UsageError('--to URL is required');
    const merchant = values.merchant ?? DEFAULT_MERCHANT;
    const key = sandboxKey(merchant);
    if (!key && values.secret === undefined) throw new UsageError(`--merchant ${merchant} is not a sandbox key: give --secret`);
    const encoding = (values.encoding ?? key?.encoding ?? 'json') as WebhookEncoding;
    if (!WEBHOOK_ENCODINGS.includes(encoding)) throw new UsageError(`--encoding must be json or form, got "${encoding}"`);
    if (values.timestamp !== undefined && !/^\d+$/.test(values.timestamp)) throw new UsageError('--timestamp must be unix seconds');
    const t = values.timestamp !== undefined ? Number(values.timestamp) : Math.floor(Date.now() / 1000);
    let built;
    try {
      built = buildTrigger({ event: positionals[0]!, sets: values.set ?? [], secret: values.secret ?? key!.secret, encoding, t });
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    if (values.print) out.write(`${built.body}\n`);
    const sent = await post(values.to, built.body, built.contentType).catch((e: Error) => {
      throw new UsageError(`could not reach ${values.to}: ${e.message}${e.cause ? ` (${(e.cause as Error).message})` : ''}`);
    });
    const ok = sent.status >= 200 && sent.status < 300;
    out.write(`${built.event} (${encoding}, t=${t}) -> ${values.to}: HTTP ${sent.status} in ${sent.ms} ms${ok ? '' : ` (not 2xx: ${sent.answer.slice(0, 200)})`}\n`);
    return ok ? 0 : 1;
  } catch (e) {
    if (!(e instanceof UsageError) && !(e instanceof TypeError && 'code' in e)) throw e;
    err.write(`${prog} trigger: ${reason((e as Error).message)} (--help for usage)\n`);
    return 2;
  }
}
