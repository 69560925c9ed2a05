// The size limits of the three documents (decision C-limits). The source documents give a few
// (description 255, CSV rows 1000, page sizes); every other string and list had none, and the
// server validates requests against the documents, so a limit written here is enforced.
import type { Decision } from './decision.ts';

/** maxLength of each kind of free text, in characters. */
export const TEXT_LIMITS = {
  /** first_name, last_name, company_name */
  name: 100,
  address: 200,
  /** city, state, province */
  region: 100,
  /** digits; E.164 has at most 15 */
  phone: 20,
  zip: 20,
  invoiceNumber: 64,
  /** the longest textual IPv6 address (with an embedded IPv4) */
  ip: 45,
  /** RFC 5321's path limit */
  email: 254,
  url: 2048,
  /** decimal amounts as strings: 30 integer digits and 9 decimals leave room */
  decimal: 40,
  /** ISO 8601 date-times */
  dateTime: 40,
  /** merchant references (external_id), ids given as text */
  reference: 255,
  /** descriptions; the partner document's limit, used for the others too */
  description: 255,
  /** error messages and details the servers write (they may quote the request path, up to 16 kB) */
  message: 20_000,
  /** blockchain addresses, transaction ids, destination tags */
  crypto: 128,
  /** tokens and base64 payloads */
  token: 4096,
  /** currency and market codes and names */
  code: 32,
  password: 128,
} as const;

/** maxItems of lists the documents do not page: more than any account of the sandbox holds. */
export const UNPAGED_LIST_MAX = 10_000;
/** maxItems of lists of reference data (currencies, markets, networks, tickers). */
export const REFERENCE_LIST_MAX = 100;

/** 10000 as 10,000 (what toLocaleString('en') writes, without loading ICU: ~12 ms of every process start). */
const thousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export function limitsDecision(id: string): Decision {
  const t = TEXT_LIMITS;
  return {
    id,
    gap: 'Sizes of strings, numbers and lists',
    decision:
      'Every string has a `maxLength`, every integer a `minimum` and a `maximum`, every list a `maxItems`, and the server ' +
      'refuses a request beyond them (it validates against this document). Where the source documents give a limit it is ' +
      `that one; otherwise: names ${t.name}, addresses ${t.address}, cities and regions ${t.region}, phones ${t.phone}, zips ${t.zip}, ` +
      `invoice numbers ${t.invoiceNumber}, IP addresses ${t.ip}, e-mails ${t.email}, URLs ${t.url}, decimal amounts ${t.decimal}, ` +
      `date-times ${t.dateTime}, references ${t.reference}, descriptions ${t.description}, blockchain addresses and ids ${t.crypto}, ` +
      `tokens ${t.token}, codes ${t.code}, passwords ${t.password} characters. Integers go at most to 2^53 - 1 (9007199254740991), ` +
      'the largest a JSON reader keeps exact; ids start at 1. Lists the API does not page hold at most ' +
      `${thousands(UNPAGED_LIST_MAX)} items, reference lists ${REFERENCE_LIST_MAX}. An e-mail address is checked by the ` +
      '`pattern` the document gives it: the RFC 5321/5322 dot-atom addresses (such as `a+b{c}@x.dev`) the server has accepted since ' +
      'the first release. The document writes no `format: email`, which readers apply differently (Zod-based generators refuse ' +
      '`a+b{c}@x.dev`, other validators accept quoted local parts or IP literals): a pattern is one rule every reader applies alike. A fiat refund amount ' +
      '(`amount_to_refund_fiat`) has at most 2 decimal places, as the server has always required. An empty query value is refused where the parameter declares `minLength: 1`.',
  };
}
