// `cryptopay-toolkit webhooks <trigger|test|listen|replay>`: send a declared webhook, test a receiver,
// forward a sandbox's deliveries to a local receiver, or send a logged delivery again.
import { parseArgs } from 'node:util';
import { reason } from '../help.ts';
import { WEBHOOK_ENCODINGS, type WebhookEncoding } from '../../contracts/merchant/webhook-encoding.ts';
import { webhookCatalog } from './events.ts';
import { formatReceiverReport, runReceiverTest } from './receiver-test.ts';
import { listenCli, replayCli } from './listen-cli.ts';
import { triggerCli } from './trigger.ts';

export const WEBHOOKS_USAGE = (prog: string) => `Usage: ${prog} <trigger|test|listen|replay> [options]

  trigger <event> --to URL [--merchant KEY] [--set field=value ...] [--encoding json|form] [--secret S]
                 send one declared webhook, signed as the sandbox signs it
  test --url URL --secret S [--encoding json|form] [--probe URL] [--old-secret S] [--json]
                 send a receiver valid, forged, expired, future-dated, duplicate, malformed,
                 unknown-event and rotated-secret deliveries and grade each answer
  listen --forward-to URL [--merchant KEY] [--sandbox URL]
                 forward a running sandbox's deliveries, unchanged, to a local receiver
  replay <delivery id> [--to URL] [--sandbox URL]
                 have the sandbox send a logged delivery again, byte for byte

Run "${prog} <trigger|test|listen|replay> --help" for the options.`;

export const TEST_USAGE = (prog: string) => `Usage: ${prog} test --url URL --secret S [options]

Sends the receiver at URL one delivery per case (valid ones of every declared event, valid with
indented JSON, rotation with two s1, old secret only, forged, tampered, expired and future-dated by
twice the tolerance, duplicates, malformed bodies, an unknown event) and says for each whether it
answered as a correct receiver must: 2xx for the valid ones, the duplicates and the unknown event,
4xx for the rest. Each failure names the receiver bug it reveals.

  --url URL            the receiver
  --secret S           the signing secret the receiver is configured with
  --encoding json|form body encoding (default json)
  --old-secret S       the secret the receiver rotated away from (default: a made-up one)
  --tolerance SEC      the receiver's timestamp tolerance (default 300)
  --probe URL          GET answering {"effects": <integer>}: events the receiver acted on. With it,
                       each case must change it by its count (a duplicate pair by 1, a refusal by 0);
                       without it only statuses are checked and duplicates are "not observed"
  --json               the report as JSON
Exit code: 0 when every case passed, 1 when any failed, 2 on a usage error or unreachable receiver.`;

async function testCli(argv: readonly string[], prog: string): Promise<number> {
  const fail = (message: string) => (process.stderr.write(`${prog} test: ${reason(message)} (--help for usage)\n`), 2);
  let values;
  try {
    values = parseArgs({
      args: [...argv],
      options: {
        url: { type: 'string' }, secret: { type: 'string' }, encoding: { type: 'string' }, 'old-secret': { type: 'string' },
        tolerance: { type: 'string' }, probe: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (e) {
    return fail((e as Error).message);
  }
  if (values.help) return (process.stdout.write(`${TEST_USAGE(prog)}\n`), 0);
  if (!values.url || !values.secret) return fail('--url and --secret are required');
  const encoding = (values.encoding ?? 'json') as WebhookEncoding;
  if (!WEBHOOK_ENCODINGS.includes(encoding)) return fail(`--encoding must be json or form, got "${encoding}"`);
  if (values.tolerance !== undefined && !/^\d+$/.test(values.tolerance)) return fail('--tolerance must be whole seconds');
  let report;
  try {
    report = await runReceiverTest(webhookCatalog(), {
      url: values.url, secret: values.secret, encoding,
      ...(values['old-secret'] !== undefined ? { oldSecret: values['old-secret'] } : {}),
      ...(values.probe !== undefined ? { probe: values.probe } : {}),
      ...(values.tolerance !== undefined ? { toleranceSec: Number(values.tolerance) } : {}),
    });
  } catch (e) {
    const cause = (e as Error).cause as Error | undefined;
    return fail(`${(e as Error).message}${cause ? ` (${cause.message})` : ''}`);
  }
  process.stdout.write(`${values.json ? JSON.stringify(report, null, 2) : formatReceiverReport(report)}\n`);
  return report.summary.failed > 0 ? 1 : 0;
}

/** Runs `webhooks <sub>`; resolves to the exit code. */
export async function webhooksCli(argv: readonly string[], prog = 'cryptopay-toolkit webhooks'): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'trigger') return triggerCli(rest, prog);
  if (sub === 'test') return testCli(rest, prog);
  if (sub === 'listen') return listenCli(rest, prog);
  if (sub === 'replay') return replayCli(rest, prog);
  if (sub === '--help' || sub === '-h') return (process.stdout.write(`${WEBHOOKS_USAGE(prog)}\n`), 0);
  process.stderr.write(`${sub === undefined ? 'no subcommand given' : `unknown subcommand "${sub}"`} (${prog} --help for usage)\n`);
  return 2;
}
