// The throwing style beside openapi-fetch's `{ data, error }`: `await unwrap(client.GET(...))`
// returns the data of a 2xx answer, typed from the operation's success response, or throws the
// API's typed error (ExchangeApiError, MerchantApiError, PartnerApiError). The clients tag each
// Response with their API, so unwrap knows which error class to raise; for an untagged Response
// (a bare openapi-fetch client) the API is recognised from the URL prefix or the body shape.
import { API_PREFIXES, type ApiName } from './base-url.ts';
import { ApiError, toApiError } from './errors.ts';

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
