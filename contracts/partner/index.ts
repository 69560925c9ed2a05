// The Partner Onboarding API contract: document metadata, auth, the operations, the CSV row
// schema and every decision on what the partner document leaves open.
import type { ApiContract, Decision } from '../shared/contract.ts';
import { API_ERROR_CODES } from '../shared/errors.ts';
import { DESCRIPTION_MAX_LENGTH } from './applications.ts';
import { MAX_CSV_ROWS, MERCHANT_CSV_COLUMNS, MerchantCsvRowSchema } from './csv.ts';
import { PARTNER_RATE_LIMIT_PER_MINUTE, partnerOperations } from './operations.ts';
import { idempotencyDecision } from '../shared/idempotency.ts';
import { PartnerErrorSchema } from '../shared/errors.ts';
import { PASSWORD_MIN_LENGTH } from './registration.ts';
import { formBodiesDecision, lenientScalarsDecision } from '../shared/wire-forms.ts';
import { limitsDecision } from '../shared/limits.ts';
import { answersDecision } from '../shared/responses.ts';
import { versionedPath } from '../shared/release.ts';
import { release } from './release.ts';

const errorCodeList = Object.entries(API_ERROR_CODES)
  .map(([code, { status, title }]) => `\`${code}\` ${title} (HTTP ${status})`)
  .join(', ');

export const partnerDecisions: Decision[] = [
  {
    id: 'P1',
    gap: 'Which authorization scheme the partner endpoints require',
    decision:
      'Both are accepted on every operation: `Authorization: Bearer <API_KEY>` (scheme `BearerAuth`) and ' +
      '`Authorization: Basic <base64 key:secret>` (scheme `BasicAuth`). The security requirement lists them as ' +
      'alternatives. A missing or wrong credential answers 401 with code `1001`.',
  },
  {
    id: 'P2',
    gap: 'Status codes and body of registration outcomes',
    decision:
      'Registration validation failures answer 422 with `{status: 0, message: [...]}` (one entry per invalid field); ' +
      'success answers 201 with `{status: 1, message}`. A second registration with the same e-mail fails the same way ' +
      '(422, status 0, the message naming `registration.email`).',
  },
  {
    id: 'P3',
    gap: 'How CSV files are validated',
    decision:
      'CSV files (merchant import and invoice upload) are validated by a library function and a CLI ' +
      `(\`npm run csv -- validate <file>\`): at most ${MAX_CSV_ROWS} rows, one error per bad cell with row and column, ` +
      'nothing partially accepted. The merchant import row is the `MerchantCsvRow` schema (the JSON Schema file `MerchantCsvRow.schema.json` published beside this document, not a component: no HTTP operation carries it); its header row names all ' +
      `${MERCHANT_CSV_COLUMNS.length} columns; an empty cell of an optional column counts as absent.`,
  },
  {
    id: 'P-states',
    gap: 'States and transitions of registrations and applications',
    decision:
      'A merchant application is stored as `submitted`; approval (or rejection) happens out of band, by the platform, ' +
      'and no endpoint of v1 reads or changes it. On approval the merchant is e-mailed a link to read the terms of ' +
      'service and set a password. A registered user is created inactive and becomes active by following the ' +
      'e-mailed confirmation link.',
  },
  {
    id: 'P-created',
    gap: 'Success status of `POST /merchant_applications` (the document lists both 200 and 201)',
    decision: '201 Created, since the call creates an application; the body is `{success: true, message}`.',
  },
  {
    id: 'P-duplicates',
    gap: 'An application whose `user.email` already has an account',
    decision:
      'Refused with 422, code `2003` (Duplicate e-mail), `source: [{"user.email": ...}]`, so one e-mail never ' +
      'owns two merchant accounts, consistent with P2.',
  },
  {
    id: 'P-currency',
    gap: 'Which error an invalid `user.currency` gives',
    decision: '422 with code `2004` "Invalid currency type" and `source` naming `user.currency`; other validation failures use `1002`.',
  },
  {
    id: 'P-fields',
    gap: 'Rules of fields the document gives none for',
    decision:
      'Required strings must be non-empty; no character classes are imposed on names, addresses or cities. The JSON ' +
      'phone fields (`phone_number`, `administrative_phone`, `technical_phone`) are free text because the document ' +
      'gives them no rule; only the CSV `phone_number` is digits only, as the document says. `processing_volume` ' +
      '("Numeric text") is digits with an optional decimal part; `website` is an absolute http(s) URL; ' +
      '`administrative_email` and `technical_email` (and the CSV `administrative_contact_email`) must be valid e-mails. ' +
      'The CSV `processing_volume` and `website` columns, for which the document gives no rule, are free text.',
  },
  {
    id: 'P-rate',
    gap: 'Rate limits',
    decision:
      `${PARTNER_RATE_LIMIT_PER_MINUTE} requests per minute per credential (API key or Basic key); the next request ` +
      'answers 429 with code `1007` and a `Retry-After` header giving the seconds to wait.',
  },
  {
    id: 'P-body',
    gap: 'Malformed and oversized request bodies',
    decision: 'A body that is not valid JSON, or not valid form encoding (P-form), answers 400 code `1011`; a body larger than 100 kB answers 413 code `1008`.',
  },
  formBodiesDecision('P-form', 'A malformed form body (bad percent-encoding or UTF-8, brackets, a name used as both a value and a group, over the limits) answers 400 code `1011`.'),
  lenientScalarsDecision('P-lenient-scalars', '`"special_offers": "true"`'),
  {
    id: 'P-errors',
    gap: 'Complete list of error codes',
    decision:
      `The shared code table of the merchant and partner APIs: ${errorCodeList}. Codes 2001 and 2002 concern ` +
      'merchant payments only. The two operations have no path parameters, so 404 (`1004`) only answers unknown paths.',
  },
  answersDecision('P-answers', 422),
  limitsDecision('P-sizes'),
  {
    id: 'P-events',
    gap: 'Events',
    decision: 'None in v1: the partner API sends no webhooks; outcomes reach the merchant by e-mail.',
  },
  {
    id: 'P-version',
    gap: 'Versioning policy beyond the path segment',
    decision:
      'Within `/partner/v1` only backward-compatible changes are made: new optional request fields, new response ' +
      'fields, new error codes (clients ignore what they do not know). A breaking change ships under `/partner/v2`, ' +
      'and v1 keeps running for at least 6 months after v2 is announced. `info.version` follows semver for the document.',
  },
];

export const partnerContract = {
  id: 'partner',
  title: 'Partner Onboarding API',
  version: release.version,
  unreleased: release.unreleased,
  description: [
    'Lets a partner build its own sign-up page and create merchant accounts on the platform: by registering a user ' +
      'directly (`POST /user_registration`) or by submitting a full merchant application (`POST /merchant_applications`). ' +
      'Partners may also import many merchants by uploading a CSV file in the partner portal (not an HTTP endpoint ' +
      'here; its row is the `MerchantCsvRow` schema, `MerchantCsvRow.schema.json`).',
    '## Authentication\n\n' +
      'Send JSON (`Content-Type: application/json`, `Accept: application/json`) and one of two credentials in ' +
      '`Authorization` — both are accepted on every operation (P1): `Bearer <API_KEY>` or ' +
      '`Basic <base64 of key:secret>`. A missing or wrong credential answers 401, code `1001`.',
    '## Errors\n\n' +
      'Errors use `{title, code, details, error?, source?}` where `code` is 4 digits and `source` lists ' +
      '`{<field>: <reason>}` on validation failure. Registration is the exception: it reports validation failures ' +
      'in its own body `{status: 0, message: [...]}` (P2).',
    '## Limits\n\n' +
      `- ${PARTNER_RATE_LIMIT_PER_MINUTE} requests per minute per credential; then 429 with \`Retry-After\`.\n` +
      `- Password at least ${PASSWORD_MIN_LENGTH} characters; company description at most ${DESCRIPTION_MAX_LENGTH} characters.\n` +
      `- CSV import: at most ${MAX_CSV_ROWS} rows per file.\n` +
      '- Request body at most 100 kB.',
  ].join('\n\n'),
  basePath: versionedPath('/partner', release.version),
  tags: [
    { name: 'Registration', description: 'Register a merchant user directly' },
    { name: 'Merchant applications', description: 'Submit full merchant applications for approval' },
  ],
  securitySchemes: {
    BearerAuth: { type: 'http', scheme: 'bearer', description: 'P1: `Authorization: Bearer <API_KEY>`. Either this or BasicAuth.' },
    BasicAuth: { type: 'http', scheme: 'basic', description: 'P1: `Authorization: Basic <base64 key:secret>`. Either this or BearerAuth.' },
  },
  operations: partnerOperations,
  idempotentPosts: { errorSchema: PartnerErrorSchema },
  schemaFiles: { MerchantCsvRow: MerchantCsvRowSchema },
  decisions: [...partnerDecisions, idempotencyDecision('P-idempotency')],
} satisfies ApiContract<typeof partnerOperations>;
