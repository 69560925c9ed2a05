// The partner API's protocol: Bearer or Basic on every operation (P1), the partner error body
// with registration's own validation body (P2, error-bodies/partner.ts), and rate limiting per credential
// (decision P-rate).
// The protocol only: no handlers, no storage (the validators for other services load this alone).
import { partnerContract } from '../../contracts/partner/index.ts';
import { partnerOperations } from '../../contracts/partner/operations.ts';
import document from '../../generated/openapi/partner.document.ts';
import type { ApiProtocol } from '../api/protocol.ts';
import { partnerAuthStep, createPartnerVerifier } from '../auth/partner.ts';
import { partnerPrincipal } from '../auth/principal.ts';
import { ipKey } from '../http/rate-limit.ts';
import type { PartnerOperations } from './handler-map.ts';
import { renderPartnerFailure } from '../error-bodies/partner.ts';

export const partnerProtocol: ApiProtocol<PartnerOperations, 'partner'> = {
  id: 'partner',
  document,
  basePath: partnerContract.basePath,
  operations: partnerOperations,
  idempotentPosts: partnerContract.idempotentPosts,
  render: renderPartnerFailure,
  bodies: { lenientJson: true }, // P-lenient-scalars
  clientKey: (req) => {
    const p = partnerPrincipal(req);
    return p ? `credential:${p.credential}` : ipKey(req);
  },
  auth: ({ settings, lookup }) => {
    const verify = createPartnerVerifier(lookup ?? settings.credentials);
    const middleware = partnerAuthStep(verify);
    return (_operationId, op) => (op.security.length === 0 ? undefined : middleware);
  },
};
