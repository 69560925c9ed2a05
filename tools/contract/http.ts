// One HTTP exchange over node:http / node:https, on the wire and in what it reports exactly as the
// global fetch sent it before (undici, web streams and AbortSignal cost the
// runner's tests about a sixth of their CPU). What fetch did, kept here on purpose:
// - headers: values trimmed, invalid ones refused with fetch's TypeError; names lower-cased unless given otherwise (first spelling wins, repeats joined `, `),
//   then `content-type: text/plain;charset=UTF-8` for an untyped body, `accept: */*`,
//   `accept-language: *`, `sec-fetch-mode: cors`, `user-agent: node`, `accept-encoding: gzip,
//   deflate` (`br, ` first over https) when absent, and `content-length` (0 for a body-less POST/PUT/PATCH);
// - the URL as WHATWG URL parses it (dot segments resolved, fragment dropped);
// - redirects followed (at most 20; 301/302 turn a POST into a GET, 303 anything but HEAD; the
//   body and its content headers dropped then; credentials and cookies dropped across origins);
// - gzip/deflate/br answers decoded; the text decoded as UTF-8 without a leading BOM; response
//   headers with lower-case names in name order, repeats joined `, `, set-cookie the last one;
// - failures as TypeError('fetch failed', { cause }), the timeout (whole exchange) as a
//   DOMException TimeoutError.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

export interface HttpInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}
export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** Keep-alive connection pools, one pair per run. */
export class Agents {
  readonly http = new HttpAgent({ keepAlive: true });
  readonly https = new HttpsAgent({ keepAlive: true });
  destroy(): void {
    this.http.destroy();
    this.https.destroy();
  }
}

const NORMALISED = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);
const PAYLOAD = new Set(['POST', 'PUT', 'PATCH']);
const DEFAULTS: [string, string][] = [['accept', '*/*'], ['accept-language', '*'], ['sec-fetch-mode', 'cors'], ['user-agent', 'node']];
const CROSS_ORIGIN_DROPPED = new Set(['authorization', 'proxy-authorization', 'cookie', 'host']);
const CONTENT_HEADERS = new Set(['content-encoding', 'content-language', 'content-location', 'content-type', 'content-length']);

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const failed = (cause: unknown) => new TypeError('fetch failed', { cause });
/** The peer closed the connection before the answer was complete, as undici names it. */
const otherSideClosed = () => Object.assign(new Error('other side closed'), { name: 'SocketError', code: 'UND_ERR_SOCKET' });
const hungUp = (err: Error) => ((err as { code?: string }).code === 'ECONNRESET' && (err.message === 'socket hang up' || err.message === 'aborted') ? otherSideClosed() : err);

export async function exchange(url: string, init: HttpInit, agents: Agents): Promise<HttpAnswer> {
  if (!TOKEN.test(init.method)) throw new TypeError(`'${init.method}' is not a valid HTTP method.`);
  const upper = init.method.toUpperCase();
  if (upper === 'CONNECT' || upper === 'TRACE' || upper === 'TRACK') throw new TypeError(`'${init.method}' HTTP method is unsupported.`);
  let method = NORMALISED.has(upper) ? upper : init.method;
  if (init.body !== undefined && (method === 'GET' || method === 'HEAD')) throw new TypeError('Request with GET/HEAD method cannot have body.');
  let target: URL;
  try {
    target = new URL(url);
  } catch (cause) {
    throw new TypeError(`Failed to parse URL from ${url}`, { cause });
  }
  // Names as given (first spelling), keyed lower-case.
  let headers = new Map<string, [string, string]>();
  for (const [name, given] of Object.entries(init.headers)) {
    byteString(name);
    byteString(given);
    const value = given.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
    if (!TOKEN.test(name)) throw new TypeError(`Headers.append: "${name}" is an invalid header name.`);
    if (/[\0\r\n]/.test(value)) throw new TypeError(`Headers.append: "${value}" is an invalid header value.`);
    const key = name.toLowerCase();
    const had = headers.get(key);
    headers.set(key, had ? [had[0], `${had[1]}, ${value}`] : [name, value]);
  }
  if (init.body !== undefined && !headers.has('content-type')) headers.set('content-type', ['content-type', 'text/plain;charset=UTF-8']);
  let body = init.body;
  const deadline = Date.now() + init.timeoutMs;
  for (let redirects = 0; ; redirects++) {
    const res = await once(target, method, headers, body, deadline, agents);
    const location = res.headers.location;
    if (![301, 302, 303, 307, 308].includes(res.statusCode ?? 0) || location === undefined) return read(res, method, deadline);
    res.resume();
    if (redirects === 20) throw failed(new Error('redirect count exceeded'));
    let next: URL;
    try {
      next = new URL(location, target);
    } catch (cause) {
      throw failed(cause);
    }
    if (next.protocol !== 'http:' && next.protocol !== 'https:') throw failed(new Error('URL scheme must be a HTTP(S) scheme'));
    const status = res.statusCode ?? 0;
    if (((status === 301 || status === 302) && method === 'POST') || (status === 303 && method !== 'GET' && method !== 'HEAD')) {
      method = 'GET';
      body = undefined;
      headers = new Map([...headers].filter(([k]) => !CONTENT_HEADERS.has(k)));
    }
    if (next.origin !== target.origin) headers = new Map([...headers].filter(([k]) => !CROSS_ORIGIN_DROPPED.has(k)));
    target = next;
  }
}

function byteString(text: string): void {
  const at = text.search(/[^\0-\xff]/);
  if (at >= 0) throw new TypeError(`Cannot convert argument to a ByteString because the character at index ${at} has a value of ${text.charCodeAt(at)} which is greater than 255.`);
}

function once(url: URL, method: string, given: Map<string, [string, string]>, body: string | undefined, deadline: number, agents: Agents, retried = false): Promise<IncomingMessage> {
  const out: OutgoingHttpHeaders = { host: url.host, connection: 'keep-alive' };
  for (const [name, value] of given.values()) out[name] = value;
  const https = url.protocol === 'https:';
  for (const [name, value] of DEFAULTS) if (!given.has(name)) out[name] = value;
  // fetch offers brotli only over https.
  if (!given.has('accept-encoding')) out['accept-encoding'] = https ? 'br, gzip, deflate' : 'gzip, deflate';
  const length = body === undefined ? (PAYLOAD.has(method) ? 0 : undefined) : Buffer.byteLength(body);
  if (length !== undefined) out['content-length'] = String(length);
  if (!https && url.protocol !== 'http:') return Promise.reject(failed(new Error('unknown scheme')));
  return new Promise((resolve, reject) => {
    const req = (https ? httpsRequest : httpRequest)({
      agent: https ? agents.https : agents.http,
      hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port || (https ? 443 : 80),
      path: url.pathname + url.search,
      method,
      headers: out,
      ...(https ? { servername: url.hostname.startsWith('[') ? undefined : url.hostname } : {}),
    });
    const timer = setTimeout(() => req.destroy(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), Math.max(deadline - Date.now(), 0));
    req.once('response', (res) => {
      clearTimeout(timer);
      resolve(res);
    });
    req.once('error', (err) => {
      clearTimeout(timer);
      // A pooled connection the server had just closed (its keep-alive timeout, reached while a
      // busy runner planned the next operation): the request never reached it. Once, on a new one.
      if (req.reusedSocket && (err as { code?: string }).code === 'ECONNRESET' && !retried) {
        resolve(once(url, method, given, body, deadline, agents, true));
        return;
      }
      reject(err instanceof DOMException ? err : failed(hungUp(err)));
    });
    req.end(body);
  });
}

async function read(res: IncomingMessage, method: string, deadline: number): Promise<HttpAnswer> {
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => res.destroy(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), Math.max(deadline - Date.now(), 0));
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.once('end', () => {
      clearTimeout(timer);
      resolve();
    });
    res.once('error', (err) => {
      clearTimeout(timer);
      reject(err instanceof DOMException ? err : new TypeError('terminated', { cause: hungUp(err) }));
    });
    res.once('close', () => {
      clearTimeout(timer);
      if (!res.complete) reject(new TypeError('terminated', { cause: otherSideClosed() }));
    });
  });
  const headers = responseHeaders(res.rawHeaders);
  let raw = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  const status = res.statusCode ?? 0;
  const coding = headers['content-encoding'];
  if (coding !== undefined && raw.length > 0 && method !== 'HEAD' && status !== 204 && status !== 304) raw = decode(raw, coding);
  const text = raw.toString('utf8');
  return { status, headers, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}

function responseHeaders(raw: string[]): Record<string, string> {
  const joined = new Map<string, string>();
  let cookie: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = raw[i + 1]!;
    if (name === 'set-cookie') cookie = value;
    else joined.set(name, joined.has(name) ? `${joined.get(name)}, ${value}` : value);
  }
  if (cookie !== undefined) joined.set('set-cookie', cookie);
  const headers: Record<string, string> = {};
  for (const name of [...joined.keys()].sort()) headers[name] = joined.get(name)!;
  return headers;
}

/** Content codings, last applied first, as fetch undoes them (an unknown one leaves the bytes as they are). */
function decode(raw: Buffer, coding: string): Buffer {
  const codings = coding.toLowerCase().split(',').map((c) => c.trim()).reverse();
  if (!codings.every((c) => ['gzip', 'x-gzip', 'deflate', 'br'].includes(c))) return raw;
  try {
    return codings.reduce((b, c) => (c === 'br' ? brotliDecompressSync(b) : c === 'deflate' ? inflateOrRaw(b) : gunzipSync(b)), raw);
  } catch (err) {
    throw failed(err);
  }
}

const inflateOrRaw = (b: Buffer): Buffer => ((b[0]! & 0x0f) === 0x08 ? inflateSync(b) : inflateRawSync(b));
