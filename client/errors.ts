// Typed errors, and the throwing style that raises them (unwrap, at the end). The body types come from the generated
// types, never written by hand. One class per API; all extend ApiError, which keeps the HTTP
// status, the raw body and the Response. A body that is not the API's documented error shape
// (a proxy's HTML page, an unknown route) still gives the API's class, with `code` undefined.
import type { components as ExchangeComponents } from '../generated/types/exchange.ts';
import type { components as MerchantComponents } from '../generated/types/merchant.ts';
import type { components as PartnerComponents } from '../generated/types/partner.ts';
import { API_PREFIXES, type ApiName } from './base-url.ts';

export type ExchangeErrorBody = ExchangeComponents['schemas']['ExchangeError'];
export type ExchangeErrorCode = ExchangeErrorBody['error']['code'];
export type MerchantErrorBody = MerchantComponents['schemas']['MerchantError'];
export type PartnerErrorBody = PartnerComponents['schemas']['PartnerError'];
/** 422 of POST /user_registration (decision P2): `{status: 0, message: [...]}`. */
export type RegistrationFailureBody = PartnerComponents['schemas']['RegistrationFailure'];
export type ErrorSource = NonNullable<MerchantErrorBody['source']>;

/** Why an exchange code usually happens, appended to the message. */
const EXCHANGE_HINTS: Partial<Record<ExchangeErrorCode, string>> = {
  2005: 'check secretKey (the client signs X1 itself; a proxy must not change the path or query)',
  2006: 'two clients signing with one access key must share a nonce source (option `nonces`)',
  2007: "the nonce is this machine's clock in ms and must be within 30 s of the server's: check the system clock",
  2008: 'check accessKey',
  2011: 'this access key has no trading permission',
};

export class ApiError extends Error {
  constructor(
    /** The API that answered; undefined when unknown (a Response no client tagged). */
    readonly api: ApiName | undefined,
    readonly status: number,
    /** The error body as received (parsed JSON when it was JSON, else text). */
    readonly body: unknown,
    message: string,
    readonly response?: Response,
  ) {
    super(message);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const bodyText = (body: unknown) => (typeof body === 'string' ? body.slice(0, 200) : JSON.stringify(body ?? null).slice(0, 200));

export class ExchangeApiError extends ApiError {
  override readonly name = 'ExchangeApiError';
  /** The exchange error code (section 7), undefined when the body is not an ExchangeError. */
  readonly code: ExchangeErrorCode | undefined;
  /** The server's own message. */
  readonly serverMessage: string;

  constructor(status: number, body: unknown, response?: Response) {
    const err = isObject(body) && isObject(body.error) ? body.error : undefined;
    const code = typeof err?.code === 'number' ? (err.code as ExchangeErrorCode) : undefined;
    const serverMessage = typeof err?.message === 'string' ? err.message : bodyText(body);
    // A sandbox whose test clock is ahead says so in the message: the system clock is not the cause then.
    const hint = code !== undefined && !(code === 2007 && serverMessage.includes('sandbox test clock')) ? EXCHANGE_HINTS[code] : undefined;
    super('exchange', status, body, `Exchange API ${status}${code ? ` code ${code}` : ''}: ${serverMessage}${hint ? ` (${hint})` : ''}`, response);
    this.code = code;
    this.serverMessage = serverMessage;
  }
}

interface TitledFields {
  code: string | undefined;
  title: string;
  details: string;
  source: ErrorSource | undefined;
  detail: string | undefined;
}

/** Reads `{title, code, details, error?, source?}` (MerchantError, PartnerError), tolerating other bodies. */
function titledFields(status: number, body: unknown): TitledFields {
  const b = isObject(body) ? body : {};
  return {
    code: typeof b.code === 'string' ? b.code : undefined,
    title: typeof b.title === 'string' ? b.title : `HTTP ${status}`,
    details: typeof b.details === 'string' ? b.details : typeof b.message === 'string' ? b.message : bodyText(body),
    source: Array.isArray(b.source) ? (b.source as ErrorSource) : undefined,
    detail: typeof b.error === 'string' ? b.error : undefined,
  };
}

/** Errors of the merchant and partner APIs: code, title, details and the per-field `source`. */
abstract class TitledApiError extends ApiError implements TitledFields {
  readonly code: string | undefined;
  readonly title: string;
  readonly details: string;
  /** One object per invalid field, key the field, value the reason (422). */
  readonly source: ErrorSource | undefined;
  /** The body's `error` field (specific details), when given. */
  readonly detail: string | undefined;

  constructor(api: 'merchant' | 'partner' | 'sandbox', status: number, body: unknown, f: TitledFields, response?: Response) {
    const fields = f.source?.flatMap((s) => Object.entries(s).map(([k, v]) => `${k} ${v}`)).join('; ');
    const label = api === 'merchant' ? 'Merchant API' : api === 'sandbox' ? 'Sandbox control API' : 'Partner API';
    super(api, status, body, `${label} ${status}${f.code ? ` code ${f.code}` : ''} ${f.title}: ${f.details}${fields ? ` (${fields})` : ''}`, response);
    this.code = f.code;
    this.title = f.title;
    this.details = f.details;
    this.source = f.source;
    this.detail = f.detail;
  }
}

export class MerchantApiError extends TitledApiError {
  override readonly name = 'MerchantApiError';
  constructor(status: number, body: unknown, response?: Response) {
    super('merchant', status, body, titledFields(status, body), response);
  }
}

export class PartnerApiError extends TitledApiError {
  override readonly name = 'PartnerApiError';
  /** The messages of a refused registration (`{status: 0, message: [...]}`, decision P2); empty otherwise. */
  readonly messages: readonly string[];
  constructor(status: number, body: unknown, response?: Response) {
    const failure = isObject(body) && body.status === 0 && Array.isArray(body.message) ? (body.message as string[]) : undefined;
    const fields = failure
      ? { code: undefined, title: 'Registration refused', details: failure.join('; '), source: undefined, detail: undefined }
      : titledFields(status, body);
    super('partner', status, body, fields, response);
    this.messages = failure ?? [];
  }
}

/** An error of the sandbox control API (the platform body `{title, code, details, source?}`). */
export class SandboxApiError extends TitledApiError {
  override readonly name = 'SandboxApiError';
  constructor(status: number, body: unknown, response?: Response) {
    super('sandbox', status, body, titledFields(status, body), response);
  }
}

/** The API error of `api` for a non-2xx answer. */
export function toApiError(api: ApiName, status: number, body: unknown, response?: Response): ApiError {
  if (api === 'exchange') return new ExchangeApiError(status, body, response);
  if (api === 'merchant') return new MerchantApiError(status, body, response);
  if (api === 'sandbox') return new SandboxApiError(status, body, response);
  return new PartnerApiError(status, body, response);
}

// ---- unwrap ----
// The throwing style beside openapi-fetch's `{ data, error }`: `await unwrap(client.GET(...))`
// returns the data of a 2xx answer, typed from the operation's success response, or throws the
// API's typed error (ExchangeApiError, MerchantApiError, PartnerApiError). The clients tag each
// Response with their API, so unwrap knows which error class to raise; for an untagged Response
// (a bare openapi-fetch client) the API is recognised from the URL prefix or the body shape.
const apiOfResponse = new WeakMap<Response, ApiName>();

/** Records which API answered (called by the clients for every response). */
export function tagResponse(response: Response, api: ApiName): void {
  apiOfResponse.set(response, api);
}

/** The API that answered: the client's tag, else the URL prefix, else the exchange's error shape. */
export function apiOf(response: Response, body?: unknown): ApiName | undefined {
  const tagged = apiOfResponse.get(response);
  if (tagged) return tagged;
  const path = response.url ? new URL(response.url).pathname : '';
  for (const [api, prefix] of Object.entries(API_PREFIXES) as [ApiName, string][]) if (path.includes(`${prefix}/`)) return api;
  const err = (body as { error?: { code?: unknown } } | undefined)?.error;
  return typeof err?.code === 'number' ? 'exchange' : undefined;
}

/** What openapi-fetch resolves to: the success member carries `data`, the error member `error`. */
export interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The data of the success member of an openapi-fetch result type; `undefined` for a response without content. */
export type DataOf<T> = T extends { data: infer D } ? ([D] extends [never] ? undefined : D) : never;

/** Throws the API's typed error unless `result` is a 2xx answer; returns its data. */
export function unwrapResult<T extends FetchResult>(result: T): DataOf<T> {
  const { response } = result;
  if (response.ok) return result.data as DataOf<T>;
  const api = apiOf(response, result.error);
  if (!api) throw new ApiError(undefined, response.status, result.error, `HTTP ${response.status} from ${response.url || 'an unknown API'}`, response);
  throw toApiError(api, response.status, result.error, response);
}

/** `await unwrap(client.POST('/orders', { body }))`: the created order, or a thrown ExchangeApiError. */
export async function unwrap<T extends FetchResult>(result: Promise<T> | T): Promise<DataOf<T>> {
  return unwrapResult(await result);
}
