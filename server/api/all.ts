// The three API modules, and the one step of a router the server and the validators both take
// from an API's document: its OpenAPI validator.
import type { ApiId } from '../../contracts/shared/contract.ts';
import type { ServerConfig } from '../config.ts';
import { exchangeApi } from '../exchange/api.ts';
import { merchantApi } from '../merchant/api.ts';
import { partnerApi } from '../partner/api.ts';
import { apiDocument } from '../spec.ts';
import { sharedApiValidator, type ApiValidator } from '../validation/document-validator.ts';
import type { ApiModule } from './module.ts';

export const API_MODULES = [exchangeApi, merchantApi, partnerApi] as unknown as readonly ApiModule[];

export const apiModule = (id: ApiId): ApiModule => API_MODULES.find((m) => m.id === id)!;

/**
 * The API's validator over its generated document (or `document`). With `none` it checks nothing
 * but still coerces the request and fills the document's defaults, so handlers get what their types say.
 */
export function documentValidator(id: ApiId, validate: ServerConfig['validate'], document?: Record<string, unknown>): ApiValidator {
  return sharedApiValidator(document ?? apiDocument(id), { requests: validate !== 'none', responses: validate === 'all' });
}
