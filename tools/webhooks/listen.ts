// `webhooks listen --forward-to URL` and `webhooks replay <delivery id>` (decision S-listen): follow a
// merchant's deliveries through the control API's long poll and POST each, unchanged (the logged
// body bytes and headers: content type, and the signature with its timestamp inside the envelope),
// to a local receiver, as `stripe listen` does; or have the sandbox send one logged delivery again.
import { createSandboxClient, unwrap, type SandboxClient, type SandboxSchemas } from '../../client/sandbox.ts';
import { post } from './deliver.ts';

type Delivery = SandboxSchemas['Delivery'];

export interface SandboxTarget {
  /** The sandbox: `http://127.0.0.1:8080` (its control API is `/sandbox/v1` there). */
  sandbox: string;
  merchant: string;
  /** The merchant key's secret: HTTP Basic (S-access); not needed from the sandbox's own machine. */
  apiSecret?: string;
}

export const sandboxClientFor = (t: SandboxTarget): SandboxClient =>
  createSandboxClient({ baseUrl: t.sandbox, ...(t.apiSecret !== undefined ? { username: t.merchant, password: t.apiSecret } : {}) });

export interface ListenOptions extends SandboxTarget {
  forwardTo: string;
  /** Seconds each long poll waits (default 25). */
  waitSeconds?: number;
  /** Ends the loop (Ctrl-C); listen mode is turned off on the way out. */
  signal: AbortSignal;
  /** The ready line (listen mode on), then one line per forwarded delivery (default: stdout). */
  print?: (line: string) => void;
  /** Each forwarded delivery and the receiver's status (null: not reached). */
  onForward?: (d: Delivery, status: number | null) => void;
}

const subject = (d: Delivery) => (d.payment_id !== null ? `payment ${d.payment_id}` : d.refund_id !== null ? `refund ${d.refund_id}` : d.webhook_id);

/** One line of the listen output: when, event, subject, delivery id, and what the receiver answered. */
export function listenLine(d: Delivery, answer: { status: number; ms: number } | { error: string }): string {
  const result = 'error' in answer ? `not delivered: ${answer.error}` : `${answer.status} (${answer.ms} ms)`;
  return `${d.at}  ${d.event.padEnd(16)} ${subject(d).padEnd(14)} delivery ${d.id}${d.replay_of !== null ? ` (replay of ${d.replay_of})` : ''}  -> ${result}`;
}

/** POSTs a logged delivery's exact body with its logged headers. */
export async function forward(url: string, d: Delivery): Promise<{ status: number; ms: number } | { error: string }> {
  try {
    const { status, ms } = await post(url, d.body, { ...d.headers });
    return { status, ms };
  } catch (e) {
    const cause = (e as Error).cause as Error | undefined;
    return { error: `${(e as Error).message}${cause ? ` (${cause.message})` : ''}` };
  }
}

/** Follows the merchant's deliveries until `signal` aborts; resolves with the number forwarded. */
export async function listen(o: ListenOptions): Promise<number> {
  const client = sandboxClientFor(o);
  const print = o.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  const path = { params: { path: { api_key: o.merchant } } };
  await unwrap(client.POST('/merchants/{api_key}/listen', { ...path, body: { enabled: true } }));
  // Only what happens from now on, as `stripe listen`: the cursor starts at the newest logged attempt.
  const newest = await unwrap(client.GET('/deliveries', { params: { query: { merchant: o.merchant, limit: 1 } } }));
  let cursor = newest.deliveries[0]?.id ?? 0;
  let forwarded = 0;
  print(`Forwarding ${o.merchant}'s deliveries from ${o.sandbox} to ${o.forwardTo} (Ctrl-C to stop)`);
  try {
    while (!o.signal.aborted) {
      const query = { merchant: o.merchant, after: cursor, wait: o.waitSeconds ?? 25 };
      let page;
      try {
        page = await unwrap(client.GET('/deliveries/stream', { params: { query }, signal: o.signal }));
      } catch (e) {
        if (o.signal.aborted) break;
        throw e;
      }
      for (const d of page.deliveries) {
        const answer = await forward(o.forwardTo, d);
        print(listenLine(d, answer));
        o.onForward?.(d, 'status' in answer ? answer.status : null);
        forwarded++;
      }
      cursor = page.cursor;
    }
  } finally {
    await unwrap(client.POST('/merchants/{api_key}/listen', { ...path, body: { enabled: false } })).catch(() => undefined);
  }
  return forwarded;
}

/** Asks the sandbox to send a logged delivery again (to `to`, or its original target); the new attempt. */
export async function replay(o: SandboxTarget & { id: number; to?: string }): Promise<Delivery> {
  const client = sandboxClientFor(o);
  return unwrap(client.POST('/deliveries/{delivery_id}/replay', { params: { path: { delivery_id: o.id } }, body: o.to !== undefined ? { url: o.to } : {} }));
}
