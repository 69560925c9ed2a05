// The partner API's version (the single source of info.version) and its unreleased changes.
// `npm run release` rewrites this file; edit the unreleased lists by hand (contracts/shared/release.ts).
import type { ReleaseState } from '../shared/release.ts';

export const release: ReleaseState = {
  "version": "1.0.0",
  "unreleased": {
    "changelog": [],
    "acceptedBreaks": [
      {
        "rule": "request-pattern-tightened",
        "pointer": "/components/schemas/CompanyContact/properties/administrative_email",
        "changelog": "E-mail fields state their rule as a `pattern` (the same addresses the server already accepted for `format: email`), and no longer `format: email`, which readers apply differently: every reader applies the pattern alike.",
        "alreadyEnforced": true
      },
      {
        "rule": "request-pattern-tightened",
        "pointer": "/components/schemas/CompanyContact/properties/technical_email",
        "changelog": "E-mail fields state their rule as a `pattern` (the same addresses the server already accepted for `format: email`), and no longer `format: email`, which readers apply differently: every reader applies the pattern alike.",
        "alreadyEnforced": true
      },
      {
        "rule": "request-pattern-tightened",
        "pointer": "/components/schemas/MerchantApplicationUser/properties/email",
        "changelog": "E-mail fields state their rule as a `pattern` (the same addresses the server already accepted for `format: email`), and no longer `format: email`, which readers apply differently: every reader applies the pattern alike.",
        "alreadyEnforced": true
      },
      {
        "rule": "request-pattern-tightened",
        "pointer": "/components/schemas/Registration/properties/email",
        "changelog": "E-mail fields state their rule as a `pattern` (the same addresses the server already accepted for `format: email`), and no longer `format: email`, which readers apply differently: every reader applies the pattern alike.",
        "alreadyEnforced": true
      }
    ]
  }
};
