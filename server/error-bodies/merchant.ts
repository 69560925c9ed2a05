// The merchant API's error bodies: the platform body (server/http/render-api.ts, M1), where an
// invalid cryptocurrency code is "Invalid currency type" (2004).
import type { Failure, Rendered } from '../http/failure.ts';
import { declaredBodies, renderApiFailure } from '../http/render-api.ts';
import { MerchantErrorSchema } from '../../contracts/shared/errors.ts';
import { merchantOperations } from '../../contracts/merchant/operations.ts';

/** Fields naming a cryptocurrency: an invalid value there is "Invalid currency type" (2004, M1). */
export const MERCHANT_CURRENCY_FIELDS = ['crypto_iso', 'currency_iso', 'crypto_currency_iso'] as const;

/** Every refusal of a merchant operation in the body it declares for that status (all declare MerchantError today). */
const DECLARED = declaredBodies(merchantOperations as never, MerchantErrorSchema, new Map());

export const renderMerchantFailure = (failure: Failure, operationId: string | undefined): Rendered =>
  renderApiFailure(failure, { currencyFields: MERCHANT_CURRENCY_FIELDS, declared: DECLARED }, operationId);
