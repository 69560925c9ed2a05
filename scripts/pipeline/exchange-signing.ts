// The exchange's signed call in shell (decision X1): the canonical string written out, its
// HMAC-SHA256 computed with openssl, and the curl that sends it. The canonical string comes from
// the contract's own signaturePayload, so the docs sign exactly as client and server do.
import { sign, signaturePayload } from '../../contracts/exchange/signing.ts';
import { fillPath, queryString, shellDoubleInner, shellSingle } from './literals.ts';
import type { SampleRequest } from './sample-request.ts';

// The nonce comes from node (installed wherever the sandbox runs): `date +%s%3N` is GNU-only, and
// whole seconds times 1000 repeat a nonce when two samples run within the same second (2006).

/** The nonce of the X1 test vectors (contracts/exchange/signing.ts); samples show the signature it gives. */
export const EXAMPLE_NONCE = 1700000000000;

// Stand-ins for the shell variables: never part of a real value, so they survive escaping and
// sorting and are replaced by `${ACCESS_KEY}` / `${NONCE}` afterwards.
const KEY_MARK = '\u0001ACCESS_KEY\u0001';
const NONCE_MARK = '\u0001NONCE\u0001';

export interface SigningContext {
  origin: string;
  basePath: string;
  accessKey: string;
  secret: string;
}

/** `-H ... -d '<json>'` for a JSON body: one line when short, else pretty-printed. */
export function jsonBodyArgs(body: unknown): string[] {
  const compact = JSON.stringify(body);
  // Pretty-printed lines are indented under `-d`; whitespace inside the quotes is harmless JSON.
  const json = compact.length <= 72 ? compact : JSON.stringify(body, null, 2).replace(/\n/g, '\n  ');
  return [`-H 'Content-Type: application/json'`, `-d ${shellSingle(json)}`];
}

/** `curl ... \` lines joined with continuation backslashes. */
export const curlLines = (first: string, args: string[]) => [first, ...args].join(' \\\n  ');

function payloadFor(req: SampleRequest, ctx: SigningContext, accessKey: string, nonce: string | number): string {
  return signaturePayload({
    method: req.method,
    path: `${ctx.basePath}${req.path}`,
    query: { ...req.query, access_key: accessKey, nonce },
    body: req.body,
  });
}

/** The signature the request gets with the test nonce, for readers checking their own code. */
export function exampleSignature(req: SampleRequest, ctx: SigningContext): { payload: string; signature: string } {
  const payload = payloadFor(req, ctx, ctx.accessKey, EXAMPLE_NONCE);
  return { payload, signature: sign(payload, ctx.secret) };
}

/** The full shell sample of a signed call: variables, payload, openssl, curl. */
export function signedCurl(req: SampleRequest, ctx: SigningContext): string {
  const payload = shellDoubleInner(payloadFor(req, ctx, KEY_MARK, NONCE_MARK))
    .replaceAll(KEY_MARK, '${ACCESS_KEY}')
    .replaceAll(NONCE_MARK, '${NONCE}');
  // Values are percent-encoded, so nothing in the URL but the variables means anything to the shell.
  const url =
    `${ctx.origin}${ctx.basePath}${fillPath(req.pathTemplate, req.pathParams)}${queryString(req.query)}` +
    `${Object.keys(req.query).length > 0 ? '&' : '?'}access_key=\${ACCESS_KEY}&nonce=\${NONCE}&signature=\${SIGNATURE}`;
  const example = exampleSignature(req, ctx);
  const method = req.method === 'GET' ? '' : ` -X ${req.method}`;
  return [
    `ACCESS_KEY=${ctx.accessKey}`,
    `SECRET=${ctx.secret}`,
    "NONCE=$(node -p 'Date.now()')  # ms; within 30 s, used once",
    '# X1 payload: METHOD|PATH|QUERY; QUERY: all parameters',
    '# (query and JSON body) but signature, sorted by key, raw',
    `PAYLOAD="${payload}"`,
    `SIGNATURE=$(printf '%s' "$PAYLOAD" | openssl dgst -sha256 -hmac "$SECRET" | awk '{print $NF}')`,
    `# With NONCE=${EXAMPLE_NONCE}, SIGNATURE is`,
    `# ${example.signature}`,
    curlLines(`curl${method} "${url}"`, req.body === undefined ? [] : jsonBodyArgs(req.body)),
  ].join('\n');
}

/** GET of a signed path without parameters as one shell line, for the quick start. */
export function signedCurlOneLiner(path: string, ctx: SigningContext): string {
  const full = `${ctx.basePath}${path}`;
  return (
    `NONCE=$(node -p 'Date.now()'); ` +
    `SIG=$(printf '%s' "GET|${full}|access_key=${ctx.accessKey}&nonce=$NONCE" | openssl dgst -sha256 -hmac ${shellSingle(ctx.secret)} | awk '{print $NF}'); ` +
    `curl "${ctx.origin}${full}?access_key=${ctx.accessKey}&nonce=$NONCE&signature=$SIG"`
  );
}
