// Sending one operation from the try-it console, through the package's own typed clients
// (client/*.ts): they add Basic or Bearer, and the exchange client signs X1 with the project's one
// signing implementation (contracts/exchange/signing.ts). The console's fetch sees the request as
// the client sends it (signed URL, headers, body) and the raw response; for a signed request the
// canonical payload is rebuilt from what was sent with the same signaturePayload the client used.
import { signaturePayload } from '../../contracts/exchange/signing.ts';
import { createExchangeClient } from '../../client/exchange.ts';
import { createMerchantClient } from '../../client/merchant.ts';
import { createPartnerClient } from '../../client/partner.ts';
import { createSandboxClient } from '../../client/sandbox.ts';
import type { ConsoleOperation, ConsolePlan, Scalar } from './types.ts';

export interface ConsoleInput {
  pathParams: Record<string, Scalar>;
  query: Record<string, Scalar>;
  body?: unknown;
  /** Extra request headers (e.g. `Prefer: code=404` on the sandbox). */
  headers: Record<string, string>;
  /** Credential field -> value (ConsolePlan.credentials' names); partner also `scheme`: bearer | basic. */
  credentials: Record<string, string>;
}

export interface SentRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body?: string;
}

export interface Exchange {
  request: SentRequest;
  /** X1: `METHOD|PATH|QUERY` as signed, and the signature sent. */
  signing?: { payload: string; signature: string };
  response: { status: number; statusText: string; headers: [string, string][]; body: string };
}

type Fetch = (request: Request) => Promise<Response>;
interface AnyClient {
  request(method: string, url: string, init: Record<string, unknown>): Promise<{ response: Response }>;
}

function client(plan: ConsolePlan, credentials: Record<string, string>, fetch: Fetch, origin: string): AnyClient {
  const baseUrl = `${origin}${plan.basePath}`;
  const c = credentials;
  switch (plan.api) {
    case 'exchange':
      return createExchangeClient({ baseUrl, fetch, ...(c.accessKey || c.secretKey ? { accessKey: c.accessKey ?? '', secretKey: c.secretKey ?? '' } : {}) }) as unknown as AnyClient;
    case 'merchant':
      return createMerchantClient({ baseUrl, fetch, retry: false, apiKey: c.username ?? '', apiSecret: c.password ?? '' }) as unknown as AnyClient;
    case 'partner':
      return (c.scheme === 'basic'
        ? createPartnerClient({ baseUrl, fetch, retry: false, username: c.username ?? '', password: c.password ?? '' })
        : createPartnerClient({ baseUrl, fetch, retry: false, apiKey: c.bearer ?? '' })) as unknown as AnyClient;
    case 'sandbox':
      return createSandboxClient({ baseUrl, fetch, ...(c.username || c.password ? { username: c.username ?? '', password: c.password ?? '' } : {}) }) as unknown as AnyClient;
  }
}

/** The X1 payload of a sent request: its path, its query without `signature`, its JSON body. */
export function x1Of(request: SentRequest): Exchange['signing'] {
  const url = new URL(request.url);
  const signature = url.searchParams.get('signature');
  if (signature === null) return undefined;
  const query: Record<string, unknown> = {};
  for (const [k, v] of url.searchParams) if (k !== 'signature') query[k] = v;
  const body = request.body ? (JSON.parse(request.body) as unknown) : undefined;
  return { payload: signaturePayload({ method: request.method, path: url.pathname, query, body }), signature };
}

/** Sends `op` with `input` to the sandbox at `origin` (the page's own) and reports both sides. */
export async function send(plan: ConsolePlan, op: ConsoleOperation, input: ConsoleInput, origin: string): Promise<Exchange> {
  let sent: SentRequest | undefined;
  let raw: Response | undefined;
  const fetch: Fetch = async (request) => {
    const body = request.body === null ? undefined : await request.clone().text();
    sent = { method: request.method, url: request.url, headers: [...request.headers], ...(body !== undefined ? { body } : {}) };
    raw = await globalThis.fetch(request);
    return raw.clone();
  };
  const init: Record<string, unknown> = { params: { path: input.pathParams, query: input.query }, headers: input.headers, parseAs: 'text' };
  if (input.body !== undefined) init.body = input.body;
  await client(plan, input.credentials, fetch, origin).request(op.method.toLowerCase(), op.pathTemplate, init);
  if (!sent || !raw) throw new Error('the client sent nothing');
  const signing = plan.auth === 'x1' ? x1Of(sent) : undefined;
  return {
    request: sent,
    ...(signing ? { signing } : {}),
    response: { status: raw.status, statusText: raw.statusText, headers: [...raw.headers], body: await raw.text() },
  };
}
