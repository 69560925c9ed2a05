// The merchant API's version (the single source of info.version) and its unreleased changes.
// `npm run release` rewrites this file; edit the unreleased lists by hand (contracts/shared/release.ts).
import type { ReleaseState } from '../shared/release.ts';

export const release: ReleaseState = {
  "version": "2.0.0",
  "unreleased": {
    "changelog": [],
    "acceptedBreaks": [
      {
        "rule": "request-pattern-changed",
        "pointer": "/components/schemas/CreateInstantRefundRequest/properties/amount_to_refund",
        "changelog": "Refund amounts take at most 15 significant digits before the point, as payment amounts (decision M-amount-bounds); a refund never exceeded what a payment received.",
        "alreadyEnforced": true
      },
      {
        "rule": "request-pattern-changed",
        "pointer": "/components/schemas/CreateInstantRefundRequest/properties/amount_to_refund_fiat",
        "changelog": "Refund amounts take at most 15 significant digits before the point, as payment amounts (decision M-amount-bounds); a refund never exceeded what a payment received.",
        "alreadyEnforced": true
      },
      {
        "rule": "request-pattern-changed",
        "pointer": "/components/schemas/CreateInvoiceFields/properties/amount",
        "changelog": "Amounts take at most 15 significant digits before the point (decision M-amount-bounds), so that every amount computed from one fits its own field; the largest amounts answered 500 before.",
        "alreadyEnforced": true
      },
      {
        "rule": "request-pattern-tightened",
        "pointer": "/components/schemas/CreateInvoiceFields/properties/email",
        "changelog": "E-mail fields state their rule as a `pattern` (the same addresses the server already accepted for `format: email`), and no longer `format: email`, which readers apply differently: every reader applies the pattern alike.",
        "alreadyEnforced": true
      },
      {
        "rule": "request-pattern-changed",
        "pointer": "/components/schemas/CreatePaymentFields/properties/amount",
        "changelog": "Amounts take at most 15 significant digits before the point (decision M-amount-bounds), so that every amount computed from one fits its own field; the largest amounts answered 500 before.",
        "alreadyEnforced": true
      },
      {
        "rule": "request-pattern-tightened",
        "pointer": "/components/schemas/CreatePaymentFields/properties/email",
        "changelog": "E-mail fields state their rule as a `pattern` (the same addresses the server already accepted for `format: email`), and no longer `format: email`, which readers apply differently: every reader applies the pattern alike.",
        "alreadyEnforced": true
      },
      {
        "rule": "request-pattern-changed",
        "pointer": "/components/schemas/CreateRefundRequest/properties/amount_to_refund",
        "changelog": "Refund amounts take at most 15 significant digits before the point, as payment amounts (decision M-amount-bounds); a refund never exceeded what a payment received.",
        "alreadyEnforced": true
      },
      {
        "rule": "request-pattern-changed",
        "pointer": "/components/schemas/CreateRefundRequest/properties/amount_to_refund_fiat",
        "changelog": "Refund amounts take at most 15 significant digits before the point, as payment amounts (decision M-amount-bounds); a refund never exceeded what a payment received.",
        "alreadyEnforced": true
      },
      {
        "rule": "request-pattern-tightened",
        "pointer": "/components/schemas/CreateRefundRequest/properties/email",
        "changelog": "E-mail fields state their rule as a `pattern` (the same addresses the server already accepted for `format: email`), and no longer `format: email`, which readers apply differently: every reader applies the pattern alike.",
        "alreadyEnforced": true
      },
      {
        "rule": "request-pattern-changed",
        "pointer": "/components/schemas/CreateWidgetPaymentRequest/properties/amount",
        "changelog": "Amounts take at most 15 significant digits before the point (decision M-amount-bounds), so that every amount computed from one fits its own field; the largest amounts answered 500 before.",
        "alreadyEnforced": true
      },
      {
        "rule": "request-pattern-tightened",
        "pointer": "/components/schemas/CreateWidgetPaymentRequest/properties/email",
        "changelog": "E-mail fields state their rule as a `pattern` (the same addresses the server already accepted for `format: email`), and no longer `format: email`, which readers apply differently: every reader applies the pattern alike.",
        "alreadyEnforced": true
      },
      {
        "rule": "request-pattern-tightened",
        "pointer": "/components/schemas/InvoiceRecipientFields/properties/email",
        "changelog": "E-mail fields state their rule as a `pattern` (the same addresses the server already accepted for `format: email`), and no longer `format: email`, which readers apply differently: every reader applies the pattern alike.",
        "alreadyEnforced": true
      },
      {
        "rule": "request-pattern-tightened",
        "pointer": "/components/schemas/InvoiceRecipientUpdate/properties/email",
        "changelog": "E-mail fields state their rule as a `pattern` (the same addresses the server already accepted for `format: email`), and no longer `format: email`, which readers apply differently: every reader applies the pattern alike.",
        "alreadyEnforced": true
      },
      {
        "rule": "response-format-loosened",
        "pointer": "/components/schemas/Invoice/properties/email",
        "changelog": "E-mail fields state their rule as a `pattern` (the same addresses the server already accepted for `format: email`), and no longer `format: email`, which readers apply differently: every reader applies the pattern alike.",
        "alreadyEnforced": true
      },
      {
        "rule": "response-format-loosened",
        "pointer": "/components/schemas/InvoiceRecipient/properties/email",
        "changelog": "E-mail fields state their rule as a `pattern` (the same addresses the server already accepted for `format: email`), and no longer `format: email`, which readers apply differently: every reader applies the pattern alike.",
        "alreadyEnforced": true
      },
      {
        "rule": "response-format-loosened",
        "pointer": "/components/schemas/Refund/properties/email",
        "changelog": "E-mail fields state their rule as a `pattern` (the same addresses the server already accepted for `format: email`), and no longer `format: email`, which readers apply differently: every reader applies the pattern alike.",
        "alreadyEnforced": true
      }
    ]
  }
};
