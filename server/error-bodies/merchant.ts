// The merchant API's error bodies: the platform body (server/http/render-api.ts, M1), where an
// invalid cryptocurrency code is "Invalid currency type" (2004).
import type { Failure, Rendered } from '../http/failure.ts';
import { renderApiFailure } from '../http/render-api.ts';

/** Fields naming a cryptocurrency: an invalid value there is "Invalid currency type" (2004, M1). */
export const MERCHANT_CURRENCY_FIELDS = ['crypto_iso', 'currency_iso', 'crypto_currency_iso'] as const;

export const renderMerchantFailure = (failure: Failure, operationId: string | undefined): Rendered =>
  renderApiFailure(failure, { currencyFields: MERCHANT_CURRENCY_FIELDS }, operationId);
