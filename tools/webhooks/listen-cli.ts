// The command lines of `webhooks listen` and `webhooks replay` (tools/webhooks/listen.ts).
import { parseArgs } from 'node:util';
import { reason } from '../help.ts';
import { DEFAULT_MERCHANT } from './deliver.ts';
import { listen, listenLine, replay } from './listen.ts';

export const DEFAULT_SANDBOX = 'http://127.0.0.1:8080';

const COMMON = `  --merchant KEY       the sandbox merchant key (default ${DEFAULT_MERCHANT})
  --sandbox URL        the running sandbox (default ${DEFAULT_SANDBOX}; its control API must be on, as in npm start)
  --api-secret S       the key's API secret, sent as HTTP Basic; only needed from another machine (S-access)`;

export const LISTEN_USAGE = (prog: string) => `Usage: ${prog} listen --forward-to URL [options]

Receives the merchant's webhook deliveries from a running sandbox through its control API and POSTs
each to URL unchanged: the same body bytes (the envelope, its signature and timestamp inside), the
same Content-Type. Prints one line per delivery with the receiver's answer; Ctrl-C stops.
While it runs the merchant is in listen mode: payments and refunds without a webhook_url get their
webhooks signed and logged too, so they reach the receiver (decision S-listen). Each webhook is
forwarded once (its first attempt), however often the sandbox retries it, and again when replayed.

  --forward-to URL     the local receiver
${COMMON}
Exit code: 0 after Ctrl-C, 2 on a usage error or when the sandbox cannot be reached.`;

export const REPLAY_USAGE = (prog: string) => `Usage: ${prog} replay <delivery id> [--to URL] [options]

Has the sandbox send a logged delivery again, byte for byte (the same body, signature and headers),
to its original target or to URL, once; the sandbox logs it as a new attempt (GET /sandbox/v1/deliveries).
Delivery ids are in the listen output and in GET /sandbox/v1/deliveries.

  --to URL             send here instead (http only to 127.0.0.1 or localhost)
${COMMON}
Exit code: 0 when the target answered 2xx, 1 otherwise, 2 on a usage error or an unknown delivery.`;

const OPTIONS = {
  merchant: { type: 'string' }, sandbox: { type: 'string' }, 'api-secret': { type: 'string' }, help: { type: 'boolean', short: 'h' },
  'forward-to': { type: 'string' }, to: { type: 'string' },
} as const;

/** The options of both commands; `other` (the one the command does not take) is refused. */
function parse(argv: readonly string[], other: 'to' | 'forward-to') {
  const parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  if (parsed.values[other] !== undefined) throw new TypeError(`Unknown option '--${other}'`);
  return parsed;
}

const target = (v: { merchant?: string | undefined; sandbox?: string | undefined; 'api-secret'?: string | undefined }) => ({
  sandbox: v.sandbox ?? DEFAULT_SANDBOX, merchant: v.merchant ?? DEFAULT_MERCHANT, ...(v['api-secret'] !== undefined ? { apiSecret: v['api-secret'] } : {}),
});

const why = (e: unknown) => {
  const cause = (e as Error).cause as Error | undefined;
  return `${(e as Error).message}${cause ? ` (${cause.message})` : ''}`;
};

export async function listenCli(argv: readonly string[], prog: string, signal?: AbortSignal): Promise<number> {
  const fail = (message: string) => (process.stderr.write(`${prog} listen: ${reason(message)} (--help for usage)\n`), 2);
  let parsed;
  try {
    parsed = parse(argv, 'to');
  } catch (e) {
    return fail((e as Error).message);
  }
  const v = parsed.values;
  if (v.help) return (process.stdout.write(`${LISTEN_USAGE(prog)}\n`), 0);
  if (!v['forward-to']) return fail('--forward-to is required');
  if (parsed.positionals.length) return fail(`unexpected argument "${parsed.positionals[0]}"`);
  const stop = new AbortController();
  const onSigint = () => stop.abort();
  process.once('SIGINT', onSigint);
  signal?.addEventListener('abort', onSigint);
  const t = target(v);
  try {
    await listen({ ...t, forwardTo: v['forward-to'], signal: stop.signal });
    return 0;
  } catch (e) {
    process.stderr.write(`${prog} listen: ${why(e)}\n`);
    return 2;
  } finally {
    process.off('SIGINT', onSigint);
  }
}

export async function replayCli(argv: readonly string[], prog: string): Promise<number> {
  const fail = (message: string) => (process.stderr.write(`${prog} replay: ${reason(message)} (--help for usage)\n`), 2);
  let parsed;
  try {
    parsed = parse(argv, 'forward-to');
  } catch (e) {
    return fail((e as Error).message);
  }
  const v = parsed.values;
  if (v.help) return (process.stdout.write(`${REPLAY_USAGE(prog)}\n`), 0);
  const [id, ...more] = parsed.positionals;
  if (id === undefined || !/^[1-9]\d{0,15}$/.test(id) || more.length) return fail('give one delivery id (a positive integer)');
  try {
    const d = await replay({ ...target(v), id: Number(id), ...(v.to !== undefined ? { to: v.to } : {}) });
    const answer = d.response_status !== null ? { status: d.response_status, ms: d.duration_ms ?? 0 } : { error: d.error ?? 'no answer' };
    process.stdout.write(`${listenLine(d, answer)}  to ${d.target_url}\n`);
    return d.outcome === 'delivered' ? 0 : 1;
  } catch (e) {
    process.stderr.write(`${prog} replay: ${why(e)}\n`);
    return 2;
  }
}
