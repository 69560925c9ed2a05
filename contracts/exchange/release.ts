// The exchange API's version (the single source of info.version) and its unreleased changes.
// `npm run release` rewrites this file; edit the unreleased lists by hand (contracts/shared/release.ts).
import type { ReleaseState } from '../shared/release.ts';

export const release: ReleaseState = {
  "version": "1.0.0",
  "unreleased": {
    "changelog": [],
    "acceptedBreaks": [
      {
        "rule": "response-pattern-changed",
        "pointer": "/components/schemas/Account/properties/available",
        "changelog": "Decimal fields of responses say they carry at most 24 digits before the point, all the engine holds (decision X-decimals).",
        "alreadyEnforced": true
      },
      {
        "rule": "response-pattern-changed",
        "pointer": "/components/schemas/Account/properties/balance",
        "changelog": "Decimal fields of responses say they carry at most 24 digits before the point, all the engine holds (decision X-decimals).",
        "alreadyEnforced": true
      },
      {
        "rule": "response-pattern-changed",
        "pointer": "/components/schemas/Account/properties/locked",
        "changelog": "Decimal fields of responses say they carry at most 24 digits before the point, all the engine holds (decision X-decimals).",
        "alreadyEnforced": true
      },
      {
        "rule": "request-pattern-changed",
        "pointer": "/components/schemas/LimitOrderItem/properties/price",
        "changelog": "Decimal fields say they take at most 24 digits before the point (leading zeros counted), which the order engine already required: the pattern and the server now agree (decision X-decimals).",
        "alreadyEnforced": true
      },
      {
        "rule": "request-pattern-changed",
        "pointer": "/components/schemas/LimitOrderItem/properties/volume",
        "changelog": "Decimal fields say they take at most 24 digits before the point (leading zeros counted), which the order engine already required: the pattern and the server now agree (decision X-decimals).",
        "alreadyEnforced": true
      },
      {
        "rule": "request-pattern-changed",
        "pointer": "/components/schemas/LimitOrderRequest/properties/price",
        "changelog": "Decimal fields say they take at most 24 digits before the point (leading zeros counted), which the order engine already required: the pattern and the server now agree (decision X-decimals).",
        "alreadyEnforced": true
      },
      {
        "rule": "request-pattern-changed",
        "pointer": "/components/schemas/LimitOrderRequest/properties/volume",
        "changelog": "Decimal fields say they take at most 24 digits before the point (leading zeros counted), which the order engine already required: the pattern and the server now agree (decision X-decimals).",
        "alreadyEnforced": true
      },
      {
        "rule": "request-pattern-changed",
        "pointer": "/components/schemas/MarketOrderItem/properties/volume",
        "changelog": "Decimal fields say they take at most 24 digits before the point (leading zeros counted), which the order engine already required: the pattern and the server now agree (decision X-decimals).",
        "alreadyEnforced": true
      },
      {
        "rule": "request-pattern-changed",
        "pointer": "/components/schemas/MarketOrderRequest/properties/volume",
        "changelog": "Decimal fields say they take at most 24 digits before the point (leading zeros counted), which the order engine already required: the pattern and the server now agree (decision X-decimals).",
        "alreadyEnforced": true
      },
      {
        "rule": "response-pattern-changed",
        "pointer": "/components/schemas/Order/properties/avg_price",
        "changelog": "Decimal fields of responses say they carry at most 24 digits before the point, all the engine holds (decision X-decimals).",
        "alreadyEnforced": true
      },
      {
        "rule": "response-pattern-changed",
        "pointer": "/components/schemas/Order/properties/executed_volume",
        "changelog": "Decimal fields of responses say they carry at most 24 digits before the point, all the engine holds (decision X-decimals).",
        "alreadyEnforced": true
      },
      {
        "rule": "response-pattern-changed",
        "pointer": "/components/schemas/Order/properties/price",
        "changelog": "Decimal fields of responses say they carry at most 24 digits before the point, all the engine holds (decision X-decimals).",
        "alreadyEnforced": true
      },
      {
        "rule": "response-pattern-changed",
        "pointer": "/components/schemas/Order/properties/remaining_volume",
        "changelog": "Decimal fields of responses say they carry at most 24 digits before the point, all the engine holds (decision X-decimals).",
        "alreadyEnforced": true
      },
      {
        "rule": "response-pattern-changed",
        "pointer": "/components/schemas/Order/properties/volume",
        "changelog": "Decimal fields of responses say they carry at most 24 digits before the point, all the engine holds (decision X-decimals).",
        "alreadyEnforced": true
      },
      {
        "rule": "response-pattern-changed",
        "pointer": "/components/schemas/PriceLevel/prefixItems/0",
        "changelog": "Decimal fields of responses say they carry at most 24 digits before the point, all the engine holds (decision X-decimals).",
        "alreadyEnforced": true
      },
      {
        "rule": "response-pattern-changed",
        "pointer": "/components/schemas/PriceLevel/prefixItems/1",
        "changelog": "Decimal fields of responses say they carry at most 24 digits before the point, all the engine holds (decision X-decimals).",
        "alreadyEnforced": true
      },
      {
        "rule": "response-pattern-changed",
        "pointer": "/components/schemas/Ticker/properties/high",
        "changelog": "Decimal fields of responses say they carry at most 24 digits before the point, all the engine holds (decision X-decimals).",
        "alreadyEnforced": true
      },
      {
        "rule": "response-pattern-changed",
        "pointer": "/components/schemas/Ticker/properties/last",
        "changelog": "Decimal fields of responses say they carry at most 24 digits before the point, all the engine holds (decision X-decimals).",
        "alreadyEnforced": true
      },
      {
        "rule": "response-pattern-changed",
        "pointer": "/components/schemas/Ticker/properties/low",
        "changelog": "Decimal fields of responses say they carry at most 24 digits before the point, all the engine holds (decision X-decimals).",
        "alreadyEnforced": true
      },
      {
        "rule": "response-pattern-changed",
        "pointer": "/components/schemas/Ticker/properties/open",
        "changelog": "Decimal fields of responses say they carry at most 24 digits before the point, all the engine holds (decision X-decimals).",
        "alreadyEnforced": true
      },
      {
        "rule": "response-pattern-changed",
        "pointer": "/components/schemas/Ticker/properties/vol",
        "changelog": "Decimal fields of responses say they carry at most 24 digits before the point, all the engine holds (decision X-decimals).",
        "alreadyEnforced": true
      },
      {
        "rule": "response-pattern-changed",
        "pointer": "/components/schemas/Trade/properties/funds",
        "changelog": "Decimal fields of responses say they carry at most 24 digits before the point, all the engine holds (decision X-decimals).",
        "alreadyEnforced": true
      },
      {
        "rule": "response-pattern-changed",
        "pointer": "/components/schemas/Trade/properties/price",
        "changelog": "Decimal fields of responses say they carry at most 24 digits before the point, all the engine holds (decision X-decimals).",
        "alreadyEnforced": true
      },
      {
        "rule": "response-pattern-changed",
        "pointer": "/components/schemas/Trade/properties/volume",
        "changelog": "Decimal fields of responses say they carry at most 24 digits before the point, all the engine holds (decision X-decimals).",
        "alreadyEnforced": true
      },
      {
        "rule": "response-pattern-changed",
        "pointer": "/components/schemas/UserTrade/allOf/1/properties/fee",
        "changelog": "Decimal fields of responses say they carry at most 24 digits before the point, all the engine holds (decision X-decimals).",
        "alreadyEnforced": true
      }
    ]
  }
};
