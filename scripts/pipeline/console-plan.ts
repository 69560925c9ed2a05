// The try-it console's plan of one document (tools/console/types.ts): every operation with its
// example request (sample-request.ts, the same one the code samples use), the statuses and links
// the document declares, and the sandbox's default credentials. Written into the reference page
// as JSON (embedConsole), so the console needs no second fetch and the page stays deterministic.
import type { AnyContract } from '../../contracts/shared/contract.ts';
import type { ConsoleAuth, ConsoleLink, ConsoleOperation, ConsolePlan } from '../../tools/console/types.ts';
import { SAMPLE_KEYS } from './sandbox.ts';
import { sampleRequest } from './sample-request.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const AUTH: Record<ConsolePlan['api'], { auth: ConsoleAuth; credentials: Record<string, string> }> = {
  exchange: { auth: 'x1', credentials: { accessKey: SAMPLE_KEYS.exchange.accessKey, secretKey: SAMPLE_KEYS.exchange.secretKey } },
  merchant: { auth: 'basic', credentials: { username: SAMPLE_KEYS.merchant.apiKey, password: SAMPLE_KEYS.merchant.apiSecret } },
  partner: {
    auth: 'bearer-or-basic',
    credentials: { bearer: SAMPLE_KEYS.partner.apiKey, username: SAMPLE_KEYS.partner.basicKey, password: SAMPLE_KEYS.partner.basicSecret },
  },
  // Decision S-access: no credentials from loopback; a sandbox merchant key's Basic elsewhere.
  sandbox: { auth: 'sandbox', credentials: { username: '', password: '' } },
};

/** Redoc's anchor of an operation: `<tag slug>/<operationId lower case>`. */
export const operationAnchor = (tag: string, operationId: string) => `${tag.toLowerCase().replace(/\s+/g, '-')}/${operationId.toLowerCase()}`;

const strings = (v: unknown): Record<string, string> =>
  isObject(v) ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};

function links(responses: Json): Record<string, ConsoleLink[]> {
  const out: Record<string, ConsoleLink[]> = {};
  for (const [status, response] of Object.entries(responses)) {
    if (!isObject(response) || !isObject(response.links)) continue;
    out[status] = Object.values(response.links)
      .filter(isObject)
      .map((l) => ({ operationId: String(l.operationId), parameters: strings(l.parameters), requestBody: strings(l.requestBody) }));
  }
  return out;
}

export function consolePlan(contract: AnyContract, doc: Json): ConsolePlan {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Json>>;
  const operations: ConsoleOperation[] = Object.entries(contract.operations).map(([operationId, spec]) => {
    const docOperation = paths[spec.path]?.[spec.method];
    if (!docOperation) throw new Error(`console plan: ${contract.id} ${operationId} is not in the document`);
    const sample = sampleRequest(doc, docOperation, spec, `${contract.id} ${operationId}`);
    const responses = (docOperation.responses ?? {}) as Json;
    return {
      operationId,
      method: sample.method,
      pathTemplate: spec.path,
      summary: spec.summary,
      anchor: operationAnchor(spec.tags[0] ?? '', operationId),
      statuses: Object.keys(responses).map(Number).sort((a, b) => a - b),
      secured: spec.security.some((s) => Object.keys(s).length > 0),
      pathParams: sample.pathParams,
      query: sample.query,
      ...(sample.body !== undefined ? { body: sample.body } : {}),
      links: links(responses),
    };
  });
  return { api: contract.id, title: contract.title, basePath: contract.basePath, ...AUTH[contract.id], operations };
}

/**
 * The plan as JSON (`<` escaped, so no `</script>` can end it early), placed at the end of the body.
 * The console's script goes in the head (embedConsole): the browser requests it as it starts
 * reading the page, not after Redoc's 2.5 MB inline bundle, so the page's network settles once.
 */
export function consoleTags(plan: ConsolePlan): string {
  return `<script id="try-it-plan" type="application/json">${JSON.stringify(plan).replace(/</g, '\\u003c')}</script>\n`;
}

/** `defer`: it runs when the page is parsed, when the plan is there. */
export const CONSOLE_SCRIPT = '<script src="console.js" defer></script>\n';

/** The page with the console's script in its head and its plan before `</body>`. */
export function embedConsole(html: string, plan: ConsolePlan): string {
  const head = html.indexOf('</head>');
  const body = html.lastIndexOf('</body>');
  if (head < 0 || body < head) throw new Error('embedConsole: the Redoc page has no </head> or </body>');
  return `${html.slice(0, head)}${CONSOLE_SCRIPT}${html.slice(head, body)}${consoleTags(plan)}${html.slice(body)}`;
}
