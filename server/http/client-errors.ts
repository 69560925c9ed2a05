// Failures Node's HTTP parser answers before Express sees a request (decision *-node-limits): headers
// over `maxHeaderSize` (431), a request not received within `headersTimeout`/`requestTimeout` (408),
// bytes that are not HTTP (400). Node's own answers have an empty body (or none: a reset); here they
// carry the API's error body, chosen by the request path's prefix when the parser got that far
// (`rawPacket`) or the request in flight got its headers parsed (a slow body), else a plain
// `{message}`. Written raw on the socket, then the socket is closed. An HTTP/1.1 request without
// `Host`, which Node answers with an empty 400 unless told not to, is answered here too (`requiringHost`).
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { API_ERROR_CODES, type ApiErrorCode } from '../../contracts/shared/errors.ts';

export type ApiOfPath = (path: string) => 'exchange' | 'merchant' | 'partner' | 'sandbox' | undefined;

/** The server's mount points; a service mounting one API elsewhere passes its own mapping. */
export const SERVER_PREFIXES: ApiOfPath = (path) =>
  path.startsWith('/api/v1') ? 'exchange' : path.startsWith('/merchant/v2') ? 'merchant' : path.startsWith('/partner/v1') ? 'partner' : path.startsWith('/sandbox/v1') ? 'sandbox' : undefined;

interface NodeLimitFailure {
  status: number;
  reason: string;
  exchangeCode: number;
  apiCode: ApiErrorCode;
  title: string;
  message: string;
}

function failureOf(code: string | undefined, maxHeaderSize: number): NodeLimitFailure {
  if (code === 'HOST_MISSING') {
    const message = 'An HTTP/1.1 request needs a Host header';
    return { status: 400, reason: 'Bad Request', exchangeCode: 1001, apiCode: '1011', title: API_ERROR_CODES['1011'].title, message };
  }
  if (code === 'HPE_HEADER_OVERFLOW') {
    const message = `The request line and headers exceed ${maxHeaderSize} bytes; send a shorter query or fewer headers`;
    return { status: 431, reason: 'Request Header Fields Too Large', exchangeCode: 1008, apiCode: '1008', title: 'Request Header Fields Too Large', message };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    const message = 'The request was not received in time (headers or body too slow); send it again';
    return { status: 408, reason: 'Request Timeout', exchangeCode: 1001, apiCode: '1011', title: 'Request Timeout', message };
  }
  const message = 'The request is not valid HTTP/1.1';
  return { status: 400, reason: 'Bad Request', exchangeCode: 1001, apiCode: '1011', title: API_ERROR_CODES['1011'].title, message };
}

/** The path of the request line in the bytes received so far ('' when it did not arrive). */
export function requestPath(raw: unknown): string {
  if (!Buffer.isBuffer(raw)) return '';
  const line = raw.subarray(0, Math.min(raw.length, 8192)).toString('latin1');
  const m = /^[A-Z]+ (\/[^ ?\r\n]*)/.exec(line);
  return m?.[1] ?? '';
}

/** The path of a request whose headers were parsed ('' for none); Express rewrites `url` inside a mounted router. */
const pathOf = (req: (IncomingMessage & { originalUrl?: string }) | undefined): string => (req?.originalUrl ?? req?.url)?.split('?')[0] ?? '';

/** The API's error body of `f` as JSON text. */
function failureBody(f: NodeLimitFailure, api: ReturnType<ApiOfPath>): string {
  const body =
    api === 'exchange'
      ? { error: { code: f.exchangeCode, message: f.message } }
      : api === undefined
        ? { message: f.message }
        : { title: f.title, code: f.apiCode, details: f.message };
  return JSON.stringify(body);
}

export function clientErrorResponse(err: NodeJS.ErrnoException & { rawPacket?: unknown }, apiOf: ApiOfPath, maxHeaderSize: number, inFlight?: IncomingMessage): string {
  const f = failureOf(err.code, maxHeaderSize);
  const text = failureBody(f, apiOf(requestPath(err.rawPacket) || pathOf(inFlight)));
  return [
    `HTTP/1.1 ${f.status} ${f.reason}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(text)}`,
    'Connection: close',
    '',
    text,
  ].join('\r\n');
}

/**
 * Answers the parser's failures in the API's body. A socket whose response has started is only
 * closed (nothing may be written into it); the rest of an oversized request is read and dropped for
 * a moment, so the client reads the answer instead of a connection reset.
 */
/** `maxHeaderSize`: the limit the server was created with, named in the 431 (default Node's 16384). */
export function answerClientErrors(server: Server, options: { apiOf?: ApiOfPath; maxHeaderSize?: number } = {}): void {
  const apiOf = options.apiOf ?? SERVER_PREFIXES;
  const maxHeaderSize = options.maxHeaderSize ?? 16384;
  server.on('clientError', (err: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Socket) => {
    // A request whose headers arrived but whose body is too slow has its response attached already.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean; req?: IncomingMessage } })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.end(clientErrorResponse(err, apiOf, maxHeaderSize, inFlight?.req));
    setTimeout(() => socket.destroy(), 2000).unref();
  });
}

/**
 * `handler`, except that an HTTP/1.1 request without `Host` is answered 400 in the API's error body.
 * For a server created with `requireHostHeader: false`; with Node's default the request never gets
 * here and its 400 has an empty body.
 */
export function requiringHost(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  options: { apiOf?: ApiOfPath } = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  const apiOf = options.apiOf ?? SERVER_PREFIXES;
  return (req, res) => {
    if (req.headers.host !== undefined || req.httpVersion !== '1.1') return handler(req, res);
    const text = failureBody(failureOf('HOST_MISSING', 0), apiOf(pathOf(req)));
    res.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), Connection: 'close' });
    res.end(text);
  };
}
