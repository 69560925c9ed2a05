// Shared field types of the three documents: decimal strings, timestamps, country codes and the
// character classes the merchant document gives for names, addresses, cities, phones and zips.
import { z } from './zod.ts';
import { COUNTRY_CODES } from './countries.ts';
import { TEXT_LIMITS } from './limits.ts';

/** A non-negative decimal number carried as a string ("chars 0-9 and '.'"). */
export const DECIMAL_PATTERN = '^[0-9]+(\\.[0-9]+)?$';
export const decimalString = (description?: string, example = '10.00') =>
  z.string().max(TEXT_LIMITS.decimal).regex(new RegExp(DECIMAL_PATTERN)).openapi({ description, example });

/**
 * The exchange's one decimal rule (decision X-decimals): digits, optionally `.` and more digits, at
 * most EXCHANGE_INTEGER_DIGITS digits before the point, leading zeros counted. The exchange engine's
 * parser (server/exchange/engine/decimal.ts) takes exactly these strings, so the document's pattern
 * and the server agree on every input, `000…0` of any length included.
 */
export const EXCHANGE_INTEGER_DIGITS = 24;
export const EXCHANGE_DECIMAL_PATTERN = `^[0-9]{1,${EXCHANGE_INTEGER_DIGITS}}(\\.[0-9]+)?$`;
export const exchangeDecimal = (description?: string, example = '10.00') =>
  z.string().max(TEXT_LIMITS.decimal).regex(new RegExp(EXCHANGE_DECIMAL_PATTERN)).openapi({ description, example });

/** ISO 8601 date-time in UTC, e.g. 2026-01-31T12:00:00.000Z. */
export const isoDateTime = (description?: string) =>
  z.iso.datetime({ offset: true }).max(TEXT_LIMITS.dateTime).openapi({ description, example: '2026-01-31T12:00:00.000Z' });

/** ISO 3166-1 alpha-2 country code. */
export const countryCode = (description = 'ISO 3166-1 alpha-2 country code') =>
  z.enum(COUNTRY_CODES).openapi({ description, example: 'CA' });

/** Fiat currencies a merchant prices in. */
export const FIAT_CURRENCIES = ['USD', 'CAD', 'EUR'] as const;
export const fiatCurrency = (description = 'Fiat currency: USD, CAD or EUR') =>
  z.enum(FIAT_CURRENCIES).openapi({ description, example: 'USD' });

// Character classes. The documents list the allowed characters; we read each list as also
// allowing the space character wherever the value is free text (names, addresses, cities,
// provinces, zips), since "New York" and "K1A 0B1" must be valid. Decision C1 in docs/decisions.md.
export const PATTERNS = {
  /** a-z A-Z . ' - (and space): first_name, last_name, company_name */
  name: "^[a-zA-Z.' -]+$",
  /** 0-9 a-z A-Z / . ' - (and space): address */
  address: "^[0-9a-zA-Z/.' -]+$",
  /** a-z A-Z (and space): city, state, province */
  region: '^[a-zA-Z ]+$',
  /** 0-9: phone */
  phone: '^[0-9]+$',
  /** a-z A-Z 0-9 / ' # - (and space): zip */
  zip: "^[a-zA-Z0-9/'# -]+$",
  /** a-z A-Z 0-9: invoice_number */
  invoiceNumber: '^[a-zA-Z0-9]+$',
  /** 0-9 . : : an IPv4 or IPv6 address (hex digits a-f also allowed for IPv6; decision C2) */
  ip: '^[0-9a-fA-F.:]+$',
} as const;

const pattern = (name: keyof typeof PATTERNS, description: string, example: string) =>
  z.string().max(TEXT_LIMITS[name]).regex(new RegExp(PATTERNS[name])).openapi({ description, example });

export const personName = (description: string, example = 'Jane') => pattern('name', description, example);
export const companyName = (description = 'Company name', example = 'Acme Widgets') =>
  pattern('name', description, example);
export const streetAddress = (description = 'Street address', example = '100 King St W') =>
  pattern('address', description, example);
export const regionName = (description: string, example = 'Toronto') => pattern('region', description, example);
export const phoneDigits = (description = 'Phone number, digits only', example = '4165550100') =>
  pattern('phone', description, example);
export const zipCode = (description = 'Postal or zip code', example = 'M5X 1A9') => pattern('zip', description, example);
export const invoiceNumber = (description = 'Invoice number; unique per merchant', example = 'INV1001') =>
  pattern('invoiceNumber', description, example);
export const ipAddress = (description = "Customer's IPv4 or IPv6 address", example = '203.0.113.7') =>
  pattern('ip', description, example);

/**
 * The one e-mail rule (decision C-limits): the RFC 5321/5322 dot-atom addresses ajv-formats checks
 * `format: email` with in full mode (what the server has accepted since the first release), such
 * as `a+b{c}@x.dev`. The documents state it as a `pattern` only, with no `format: email`: readers
 * give `format: email` different meanings (Zod, which Zod-based generators emit for it, refuses
 * `{`, `#`, `!` and more; others accept quoted local parts or IP literals), while a pattern is one
 * rule every reader applies alike. EMAIL_PATTERN is EMAIL_REGEX without the `i` flag JSON Schema
 * patterns cannot carry.
 */
// Written out rather than imported: the contracts travel in the light client package, which must not
// depend on ajv; contracts/shared/email.test.ts keeps it equal to ajv-formats' own and to EMAIL_PATTERN.
export const EMAIL_REGEX =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const EMAIL_ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const EMAIL_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
/** EMAIL_REGEX as a flag-free JSON Schema pattern (the document's `pattern` of every e-mail). */
export const EMAIL_PATTERN = `^${EMAIL_ATOM}(?:\\.${EMAIL_ATOM})*@(?:${EMAIL_LABEL}\\.)+${EMAIL_LABEL}$`;
export const email = (description = 'E-mail address', example = 'jane@example.com') =>
  z.string().regex(EMAIL_REGEX, 'Invalid email address').max(TEXT_LIMITS.email).openapi({ description, example, pattern: EMAIL_PATTERN });

/** An https (or http, where stated) URL. */
export const url = (description: string, example = 'https://merchant.example.com/hook') =>
  z.url().max(TEXT_LIMITS.url).openapi({ description, example });

/**
 * Most significant integer digits of an amount a merchant request asks for (fiat; leading zeros
 * not counted): 10^15 - 1 is far above any payment, and it bounds every amount computed from one
 * (decision M-amount-bounds): the crypto amount due at the sandbox's smallest rate (0.46) has at
 * most 16 integer digits and the finest precision (ETH) 18 decimals, 35 characters within the
 * 40 of every decimal field. test/amount-bounds.test.ts proves it over the request schemas.
 */
export const AMOUNT_INTEGER_DIGITS = 15;
/** A decimal string greater than zero: amounts a request asks the platform to charge or refund. */
export const POSITIVE_DECIMAL_PATTERN = `^(0*[1-9][0-9]{0,${AMOUNT_INTEGER_DIGITS - 1}}(\\.[0-9]+)?|0+\\.[0-9]*[1-9][0-9]*)$`;
export const positiveDecimalString = (description?: string) =>
  z.string().max(TEXT_LIMITS.decimal).regex(new RegExp(POSITIVE_DECIMAL_PATTERN)).openapi({ description: `${description ?? 'Amount'}; greater than 0`, example: '10.00' });

/** A fiat amount the server takes only in cents: greater than 0, at most 2 decimal places (refunds; decision *-sizes). */
export const POSITIVE_FIAT_PATTERN = `^(0*[1-9][0-9]{0,${AMOUNT_INTEGER_DIGITS - 1}}(\\.[0-9]{1,2})?|0+\\.([1-9][0-9]?|0[1-9]))$`;
export const positiveFiatAmount = (description?: string) =>
  z.string().max(TEXT_LIMITS.decimal).regex(new RegExp(POSITIVE_FIAT_PATTERN)).openapi({
    description: `${description ?? 'Amount'}; greater than 0, at most 2 decimal places`,
    example: '10.00',
  });

/** An integer within `min`..`max`; `max` defaults to the largest the server takes, 2^53 - 1. */
export const boundedInt = (min: number, max: number = Number.MAX_SAFE_INTEGER) => z.number().int().min(min).max(max);
/** A record id: a positive integer. */
export const recordId = () => boundedInt(1);
