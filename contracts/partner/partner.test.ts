// The generated partner document against the partner seed document, table by table: the tables
// below are copied from the source document of the Partner Onboarding API, not from the code.
import { describe, expect, it } from 'vitest';
import { buildDocument } from '../shared/contract.ts';
import { EMAIL_PATTERN } from '../shared/primitives.ts';
import { resolveObject, resolveRef } from '../shared/openapi-walk.ts';
import { jsonSchemaOf } from '../shared/schema-files.ts';
import { partnerContract } from './index.ts';

type Schema = Record<string, any>;
const doc = buildDocument(partnerContract) as Schema;
const csvRow = jsonSchemaOf('MerchantCsvRow', partnerContract.schemaFiles.MerchantCsvRow) as Schema;
/** Where both documents' references resolve: the API document's `#/components/...` and the CSV row file's `#/$defs/...`. */
const refRoot = { ...doc, $defs: csvRow.$defs };

/** Follows $refs and merges allOf parts, so a property read the same whether named or inline. */
function resolve(schema: Schema): Schema {
  const target = resolveRef(refRoot, schema);
  if (target !== schema) return resolve(target);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map(resolve), { allOf: undefined });
  return schema;
}

/** The schema at a dotted path below `root`, and whether its last segment is required. */
function field(root: Schema, path: string): { schema: Schema; required: boolean } {
  let current = resolve(root);
  let required = true;
  for (const key of path.split('.')) {
    expect(current.properties, `${path}: no properties above "${key}"`).toBeDefined();
    const next = current.properties[key];
    expect(next, `${path}: no property "${key}"`).toBeDefined();
    required = (current.required ?? []).includes(key);
    current = resolve(next);
  }
  return { schema: current, required };
}

const operation = (path: string) => doc.paths[path].post;
const requestSchema = (path: string) => operation(path).requestBody.content['application/json'].schema;
/** A response, through its `$ref` to components/responses for the errors (P-answers). */
const response = (path: string, status: number) => {
  const r = operation(path).responses[String(status)];
  return resolveObject(doc, r) as Schema;
};
const responseSchema = (path: string, status: number) => response(path, status).content['application/json'].schema;

// [field path, required, type, rule] — section 2 of the seed document.
type Row = [string, boolean, string, { enum?: string[]; format?: string; minLength?: number; maxLength?: number; pattern?: boolean | string }?];
const ISO = { pattern: false } as const; // marker: checked separately as the ISO code list

const REGISTRATION: Row[] = [
  ['registration.business_name', true, 'string'],
  ['registration.first_name', true, 'string'],
  ['registration.last_name', true, 'string'],
  ['registration.email', true, 'string', { pattern: EMAIL_PATTERN }],
  ['registration.password', true, 'string', { minLength: 8 }],
  ['registration.password_confirmation', true, 'string'],
  ['registration.terms_of_service', true, 'string', { enum: ['true'] }],
];

const APPLICATION: Row[] = [
  ['user.first_name', true, 'string'],
  ['user.last_name', true, 'string'],
  ['user.email', true, 'string', { pattern: EMAIL_PATTERN }],
  ['user.business_name', true, 'string'],
  ['user.special_offers', false, 'boolean'],
  ['user.currency', false, 'string', { enum: ['USD', 'CAD', 'EUR'] }],
  ['merchant_application.company_detail_attributes.company_name', true, 'string'],
  ['merchant_application.company_detail_attributes.dba', false, 'string'],
  ['merchant_application.company_detail_attributes.type_of_company', true, 'string', { enum: ['Personal', 'Corporation', 'Partnership'] }],
  ['merchant_application.company_detail_attributes.processing_method', true, 'string', { enum: ['online', 'in_store', 'both'] }],
  ['merchant_application.company_detail_attributes.documentation_available', true, 'string', { enum: ['yes', 'no', 'currently_obtaining'] }],
  ['merchant_application.company_detail_attributes.processing_volume', false, 'string', { pattern: true }],
  ['merchant_application.company_detail_attributes.website', false, 'string', { format: 'uri' }],
  ['merchant_application.company_detail_attributes.description', true, 'string', { maxLength: 255 }],
  ['merchant_application.company_detail_attributes.phone_number', true, 'string'],
  ['merchant_application.company_detail_attributes.address_attributes.address', true, 'string'],
  ['merchant_application.company_detail_attributes.address_attributes.city', true, 'string'],
  ['merchant_application.company_detail_attributes.address_attributes.state', true, 'string'],
  ['merchant_application.company_detail_attributes.address_attributes.zip', true, 'string'],
  ['merchant_application.company_detail_attributes.address_attributes.country_code', true, 'string', ISO],
  ['merchant_application.company_contact_attributes.administrative_name', true, 'string'],
  ['merchant_application.company_contact_attributes.administrative_phone', true, 'string'],
  ['merchant_application.company_contact_attributes.administrative_email', true, 'string'],
  ['merchant_application.company_contact_attributes.technical_name', false, 'string'],
  ['merchant_application.company_contact_attributes.technical_phone', false, 'string'],
  ['merchant_application.company_contact_attributes.technical_email', false, 'string'],
  ['merchant_application.mailing_address_attributes', false, 'object'],
  ['merchant_application.mailing_address_attributes.address_attributes.address', false, 'string'],
  ['merchant_application.mailing_address_attributes.address_attributes.city', false, 'string'],
  ['merchant_application.mailing_address_attributes.address_attributes.state', false, 'string'],
  ['merchant_application.mailing_address_attributes.address_attributes.zip', false, 'string'],
  ['merchant_application.mailing_address_attributes.address_attributes.country_code', false, 'string', ISO],
];

function checkRow(root: Schema, [path, required, type, rule]: Row) {
  const { schema, required: isRequired } = field(root, path);
  expect(isRequired, `${path} required`).toBe(required);
  expect(schema.type, `${path} type`).toBe(type);
  if (rule === ISO) {
    expect(schema.enum).toContain('CA');
    expect(schema.enum.every((c: string) => /^[A-Z]{2}$/.test(c))).toBe(true);
    return;
  }
  if (rule?.enum) expect(schema.enum, `${path} enum`).toEqual(rule.enum);
  if (rule?.format) expect(schema.format, `${path} format`).toBe(rule.format);
  if (rule?.minLength) expect(schema.minLength, `${path} minLength`).toBe(rule.minLength);
  if (rule?.maxLength) expect(schema.maxLength, `${path} maxLength`).toBe(rule.maxLength);
  if (rule?.pattern) expect(schema.pattern, `${path} pattern`).toBe(rule.pattern === true ? schema.pattern ?? 'a pattern' : rule.pattern);
  // A required free-text string must not be empty (enums and e-mails exclude "" on their own).
  if (required && type === 'string' && !schema.enum && !schema.format && schema.pattern !== EMAIL_PATTERN) {
    expect(schema.minLength, `${path} minLength`).toBeGreaterThanOrEqual(1);
  }
}

describe('partner document against the seed', () => {
  it('has exactly the two endpoints of section 4, as POST, with the base path of section 9', () => {
    expect(Object.keys(doc.paths).sort()).toEqual(['/merchant_applications', '/user_registration']);
    expect(Object.keys(doc.paths['/user_registration'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/merchant_applications'])).toEqual(['post']);
    expect(operation('/user_registration').operationId).toBe('registerUser');
    expect(operation('/merchant_applications').operationId).toBe('createMerchantApplication');
    expect(doc.servers[0].url).toBe('/partner/v1');
    expect(doc.openapi).toBe('3.1.0');
  });

  it.each(REGISTRATION)('POST /user_registration body field %s', (...row) => checkRow(requestSchema('/user_registration'), row as Row));
  it.each(APPLICATION)('POST /merchant_applications body field %s', (...row) => checkRow(requestSchema('/merchant_applications'), row as Row));

  it('4.1 response: status integer (1 / 0) and message string / array of string', () => {
    const ok = field(responseSchema('/user_registration', 201), 'status');
    expect([ok.schema.type, ok.schema.enum, ok.required]).toEqual(['integer', [1], true]);
    expect(field(responseSchema('/user_registration', 201), 'message').schema.type).toBe('string');
    const ko = field(responseSchema('/user_registration', 422), 'status');
    expect([ko.schema.type, ko.schema.enum]).toEqual(['integer', [0]]);
    const list = field(responseSchema('/user_registration', 422), 'message').schema;
    expect([list.type, list.items.type]).toEqual(['array', 'string']);
  });

  it('4.2 response: success boolean and message string', () => {
    const schema = responseSchema('/merchant_applications', 201);
    expect(field(schema, 'success').schema.type).toBe('boolean');
    expect(field(schema, 'message').schema.type).toBe('string');
  });

  it('section 7: error body title, code (4 digits), details, error?, source? on the generic errors', () => {
    const err = responseSchema('/merchant_applications', 422);
    for (const key of ['title', 'code', 'details']) expect(field(err, key).required).toBe(true);
    for (const key of ['error', 'source']) expect(field(err, key).required).toBe(false);
    expect(field(err, 'code').schema.pattern).toBe('^[0-9]{4}$');
    expect(field(err, 'source').schema.type).toBe('array');
  });

  it('declares success, validation and the generic errors on both operations', () => {
    for (const path of ['/user_registration', '/merchant_applications']) {
      expect(Object.keys(operation(path).responses).sort()).toEqual(['201', '400', '401', '404', '405', '409', '413', '415', '422', '429', '500', '503']); // 409: Idempotency-Key still running
      expect(response(path, 201).headers['Idempotent-Replayed']).toBeDefined();
      expect(response(path, 429).headers['Retry-After']).toBeDefined();
      expect(response(path, 503).headers['Retry-After']).toBeDefined();
      expect(response(path, 405).headers.Allow).toBeDefined();
    }
  });

  it('section 5 / P1: Bearer or Basic, either accepted', () => {
    expect(doc.components.securitySchemes).toEqual({
      BearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      BasicAuth: expect.objectContaining({ type: 'http', scheme: 'basic' }),
    });
    for (const path of ['/user_registration', '/merchant_applications']) {
      expect(operation(path).security).toEqual([{ BearerAuth: [] }, { BasicAuth: [] }]);
    }
  });

  it('records every "not shown" of the document as a decision', () => {
    // Written once, in the description (no `x-decisions` copy).
    expect(doc['x-decisions']).toBeUndefined();
    const ids = [...(doc.info.description as string).matchAll(/- \*\*([A-Za-z0-9-]+): /g)].map((m) => m[1]);
    expect(ids).toEqual(expect.arrayContaining(['P1', 'P2', 'P3', 'P-states', 'P-rate', 'P-errors', 'P-events', 'P-version']));
    expect(doc.info.description).toContain('## Decisions on what the document leaves open');
  });

  it('is deterministic', () => {
    expect(JSON.stringify(buildDocument(partnerContract))).toBe(JSON.stringify(doc));
  });
});

// Section 2 "CSV row": [column, required, rule]; the columns of a group row are listed one by one.
const CSV: [string, boolean, { enum?: string[]; format?: string; pattern?: string; maxLength?: number; iso?: true }?][] = [
  ['first_name', true], ['last_name', true],
  ['email', true, { pattern: EMAIL_PATTERN }],
  ['phone_number', true, { pattern: '^[0-9]+$' }],
  ['company_name', true],
  ['dba', false],
  ['processing_method', true, { enum: ['online', 'in_store', 'both'] }],
  ['documentation_available', true, { enum: ['yes', 'no', 'currently_obtaining'] }],
  ['processing_volume', false],
  ['type_of_company', true, { enum: ['Personal', 'Corporation', 'Partnership'] }],
  ['description', true, { maxLength: 255 }],
  ['website', false],
  ['address_address', true], ['address_city', true], ['address_state', true], ['address_zip', true],
  ['address_country_code', true, { iso: true }],
  ['mailing_address_address', false], ['mailing_address_city', false], ['mailing_address_state', false], ['mailing_address_zip', false],
  ['mailing_address_country_code', false, { iso: true }],
  ['administrative_contact_name', true], ['administrative_contact_phone', true], ['administrative_contact_email', true],
  ['user_currency', false, { enum: ['USD', 'CAD', 'EUR'] }],
];

describe('MerchantCsvRow (its JSON Schema file beside the document) against the seed', () => {
  const row = csvRow;

  it('is a file, not an unused component of the document', () => {
    expect(doc.components.schemas.MerchantCsvRow).toBeUndefined();
    expect([csvRow.$schema, csvRow.$id]).toEqual(['https://json-schema.org/draft/2020-12/schema', 'MerchantCsvRow.schema.json']);
  });

  it('names every column of the table, in order', () => {
    expect(Object.keys(resolve(row).properties)).toEqual(CSV.map(([column]) => column));
  });

  it.each(CSV)('column %s', (column, required, rule) => {
    const { schema, required: isRequired } = field(row, column);
    expect(isRequired).toBe(required);
    expect(schema.type).toBe('string');
    if (rule?.enum) expect(schema.enum).toEqual(rule.enum);
    if (rule?.format) expect(schema.format).toBe(rule.format);
    if (rule?.pattern) expect(schema.pattern).toBe(rule.pattern);
    if (rule?.maxLength) expect(schema.maxLength).toBe(rule.maxLength);
    if (rule?.iso) expect(schema.enum).toContain('CA');
  });
});
