// `x-codeSamples` of every operation: a TypeScript sample with our typed client and a curl
// sample, both built from the operation's contract (path, required parameters, body example) so
// they change when the contract does. Exchange curl samples sign the call in shell (X1).
import type { ApiContract, ApiId } from '../../contracts/shared/contract.ts';
import type { OperationSpec } from '../../contracts/shared/operation.ts';
import { curlLines, jsonBodyArgs, signedCurl } from './exchange-signing.ts';
import { fillPath, queryString, shellSingle, tsLiteral } from './literals.ts';
import { SAMPLE_KEYS, SANDBOX_ORIGIN } from './sandbox.ts';
import { sampleRequest, type SampleRequest } from './sample-request.ts';

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

/**
 * The sample languages, in the order of Redoc's language switch (the first is shown first). Redoc 3
 * shows an `x-codeSamples` entry only when its label is one of these, so every sample uses one.
 */
export const SAMPLE_LANGUAGES = {
  typescript: { lang: 'TypeScript', label: 'TypeScript client' },
  curl: { lang: 'Shell', label: 'curl' },
} as const;

/** Where the samples import the client from: the client package (packages/client, built from client/index.ts), what an integrator installs. */
export const CLIENT_IMPORT = 'cryptopay-openapi-client';
/** Where webhook receivers import verifyWebhook from (client/webhooks-express.ts): the entry that loads zod. */
export const WEBHOOKS_IMPORT = `${CLIENT_IMPORT}/webhooks`;

const CLIENTS: Record<ApiId, { factory: string; variable: string; options: (basePath: string) => Record<string, string> }> = {
  exchange: {
    factory: 'createExchangeClient',
    variable: 'ex',
    options: (basePath) => ({ baseUrl: `${SANDBOX_ORIGIN}${basePath}`, accessKey: SAMPLE_KEYS.exchange.accessKey, secretKey: SAMPLE_KEYS.exchange.secretKey }),
  },
  merchant: {
    factory: 'createMerchantClient',
    variable: 'merchant',
    options: (basePath) => ({ baseUrl: `${SANDBOX_ORIGIN}${basePath}`, apiKey: SAMPLE_KEYS.merchant.apiKey, apiSecret: SAMPLE_KEYS.merchant.apiSecret }),
  },
  partner: {
    factory: 'createPartnerClient',
    variable: 'partner',
    options: (basePath) => ({ baseUrl: `${SANDBOX_ORIGIN}${basePath}`, apiKey: SAMPLE_KEYS.partner.apiKey }),
  },
};

/** `const ex = createExchangeClient({...});` */
export function clientSetup(api: ApiId, basePath: string): string {
  const { factory, variable, options } = CLIENTS[api];
  return `import { ${factory} } from '${CLIENT_IMPORT}';\n\nconst ${variable} = ${factory}(${tsLiteral(options(basePath))});`;
}

/** The TypeScript sample: create the client, make the call, use `{ data, error }`. */
export function typescriptSample(api: ApiId, basePath: string, req: SampleRequest, signed: boolean): string {
  const { variable } = CLIENTS[api];
  const params: Record<string, unknown> = {};
  if (Object.keys(req.pathParams).length > 0) params.path = req.pathParams;
  if (Object.keys(req.query).length > 0) params.query = req.query;
  const init: Record<string, unknown> = {};
  if (Object.keys(params).length > 0) init.params = params;
  if (req.body !== undefined) init.body = req.body;
  const args = Object.keys(init).length > 0 ? `'${req.pathTemplate}', ${tsLiteral(init)}` : `'${req.pathTemplate}'`;
  const note = api === 'exchange' && signed ? '// The client signs the call: access_key, nonce, signature (X1).\n' : '';
  return [
    clientSetup(api, basePath),
    '',
    `${note}const { data, error } = await ${variable}.${req.method}(${args});`,
    'if (error) throw new Error(JSON.stringify(error));',
    'console.log(data);',
  ].join('\n');
}

/** The curl sample; exchange signed calls compute their signature with openssl first. */
export function curlSample(api: ApiId, basePath: string, req: SampleRequest, signed: boolean): string {
  if (api === 'exchange' && signed) {
    return signedCurl(req, { origin: SANDBOX_ORIGIN, basePath, accessKey: SAMPLE_KEYS.exchange.accessKey, secret: SAMPLE_KEYS.exchange.secretKey });
  }
  const url = `${SANDBOX_ORIGIN}${basePath}${fillPath(req.pathTemplate, req.pathParams)}${queryString(req.query)}`;
  const args: string[] = [];
  if (signed && api === 'merchant') args.push(`-u ${shellSingle(`${SAMPLE_KEYS.merchant.apiKey}:${SAMPLE_KEYS.merchant.apiSecret}`)}`);
  if (signed && api === 'partner') args.push(`-H ${shellSingle(`Authorization: Bearer ${SAMPLE_KEYS.partner.apiKey}`)}`);
  if (req.body !== undefined) args.push(...jsonBodyArgs(req.body));
  const method = req.method === 'GET' ? '' : ` -X ${req.method}`;
  return curlLines(`curl${method} ${shellSingle(url)}`, args);
}

export function operationSamples(api: ApiId, basePath: string, req: SampleRequest, op: OperationSpec): CodeSample[] {
  const signed = op.security.length > 0;
  return [
    { ...SAMPLE_LANGUAGES.typescript, source: typescriptSample(api, basePath, req, signed) },
    { ...SAMPLE_LANGUAGES.curl, source: curlSample(api, basePath, req, signed) },
  ];
}

type Json = Record<string, unknown>;

/** Pipeline transform: writes `x-codeSamples` into every operation of the document. */
export function addCodeSamples(doc: Json, contract: ApiContract): void {
  const paths = doc.paths as Record<string, Record<string, Json>>;
  for (const [operationId, op] of Object.entries(contract.operations)) {
    const docOp = paths[op.path]?.[op.method];
    if (!docOp) throw new Error(`${contract.id}.${operationId}: ${op.method.toUpperCase()} ${op.path} is not in the document`);
    const req = sampleRequest(doc, docOp, op, `${contract.id}.${operationId}`);
    docOp['x-codeSamples'] = operationSamples(contract.id, contract.basePath, req, op);
  }
}
