// The three APIs' protocols (no handlers, no storage; each with its own document), and the one step
// of a router the server and the validators both take from an API's document: its OpenAPI validator.
// A composition of the APIs, so it stands in the root, above them.
import type { ApiId } from '../contracts/shared/contract.ts';
import type { ServerConfig } from './config/config.ts';
import { exchangeProtocol } from './exchange/protocol.ts';
import { merchantProtocol } from './merchant/protocol.ts';
import { partnerProtocol } from './partner/protocol.ts';
import { sharedApiValidator, type ApiValidator } from './validation/document-validator.ts';
import type { ApiProtocol } from './api/protocol.ts';

export const API_PROTOCOLS = [exchangeProtocol, merchantProtocol, partnerProtocol] as unknown as readonly ApiProtocol[];

export const apiProtocol = (id: ApiId): ApiProtocol => API_PROTOCOLS.find((p) => p.id === id)!;

/**
 * The API's validator over its generated document (or `document`). With `none` it checks nothing
 * but still coerces the request and fills the document's defaults, so handlers get what their types say.
 */
export function documentValidator(id: ApiId, validate: ServerConfig['validate'], document?: Record<string, unknown>): ApiValidator {
  return sharedApiValidator(document ?? apiProtocol(id).document, { requests: validate !== 'none', responses: validate === 'all' });
}
