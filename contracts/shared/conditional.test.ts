// Each rule between fields is declared once (conditional.ts); here both of its forms judge the same
// inputs: the Zod schema, and Ajv (JSON Schema 2020-12, as the server runs it) on the component of
// the document the pipeline generates, or on the schema file it publishes for a schema no operation
// carries (the CSV rows, generated/schemas/). They must agree with each other and with the verdict
// written in the table.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { joinPointer } from './openapi-walk.ts';
import { exchangeContract } from '../exchange/index.ts';
import { MarketOrderRequestSchema } from '../exchange/requests.ts';
import { merchantContract } from '../merchant/index.ts';
import { partnerContract } from '../partner/index.ts';
import { sandboxContract } from '../sandbox/index.ts';
import { ruledSchemas, ruleIssues, requireOneOf } from './conditional.ts';
import { buildDocument, type AnyContract } from './contract.ts';
import { namedSchemaPointers } from './document-readers.ts';
import { schemaFilePath } from './schema-files.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const contracts: AnyContract[] = [exchangeContract, merchantContract, partnerContract, sandboxContract];
const documents = Object.fromEntries(contracts.map((c) => [c.id, buildDocument(c)])) as Record<string, Record<string, any>>;

const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
for (const [id, doc] of Object.entries(documents)) ajv.addSchema({ $id: `${id}.json`, components: doc.components, paths: doc.paths }, `${id}.json`);
/** The published schema files (as written by the pipeline), by schema name; each is registered under its own $id. */
const schemaFiles = Object.fromEntries(
  contracts.flatMap((c) => Object.keys(c.schemaFiles ?? {})).map((name) => [name, JSON.parse(readFileSync(new URL(`../../${schemaFilePath(name)}`, import.meta.url), 'utf8'))]),
) as Record<string, Record<string, any>>;
for (const file of Object.values(schemaFiles)) ajv.addSchema(file);

/**
 * Where a table entry's JSON Schema is: a component of a document, the copies written into request
 * bodies (a schema with defaulted fields: contracts/shared/document-readers.ts), or a published schema file.
 */
const FILE = 'schema file';
const uriFragment = (pointer: string) => pointer.split('/').map(encodeURIComponent).join('/').replace(/^%23/, '#');
const jsonSchemaRefs = (name: string, document: string) =>
  document === FILE ? [schemaFiles[name]!.$id as string] : namedSchemaPointers(documents[document]!, name).map((p) => `${document}.json${uriFragment(p)}`);

/** `document only`: the document's schema accepts what Zod refuses (a known gap, said where it is listed). */
type Row = [verdict: 'valid' | 'invalid' | 'document only', input: Record<string, unknown>];

const email = 'jane@example.com';
const refundTo = { id: 7001, address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' };
const csvRow = { email, amount: '10.00', include_fee: 'false' };
const invoice = { amount: '10.00', currency_iso: 'USD' };
const recipient = { email: 'jane@example.com', company_name: 'Acme', first_name: 'Jane', last_name: 'Doe' };

/** Every schema built with a rule, in the document it is written into, with inputs on both sides of the rule. */
const TABLE: Record<string, { document: string; rows: Row[] }> = {
  CreateRefundRequest: {
    document: 'merchant',
    rows: [
      ['valid', { email, amount_to_refund_fiat: '10.00' }],
      ['valid', { email, amount_to_refund: '0.00025' }],
      ['valid', { email, amount_to_refund_fiat: '10.00', amount_to_refund: '0.00025' }],
      ['invalid', { email }],
      ['invalid', { email, expires_in: 24 }],
    ],
  },
  CreateInstantRefundRequest: {
    document: 'merchant',
    rows: [
      ['valid', { ...refundTo, refund_full_amount: true }],
      ['valid', { ...refundTo, amount_to_refund_fiat: '5.00' }],
      ['valid', { ...refundTo, refund_full_amount: false, amount_to_refund: '0.1' }],
      ['invalid', { ...refundTo, refund_full_amount: true, amount_to_refund: '0.1' }],
      ['invalid', { ...refundTo, refund_full_amount: true, amount_to_refund_fiat: '5.00' }],
      ['invalid', { ...refundTo, refund_full_amount: false }],
      ['invalid', refundTo],
    ],
  },
  InvoiceRecipientFields: {
    document: 'merchant',
    rows: [
      ['valid', { email, company_name: 'Acme' }],
      ['valid', { email, first_name: 'Jane', last_name: 'Doe' }],
      ['valid', { email, company_name: 'Acme', first_name: 'Jane' }],
      ['invalid', { email, first_name: 'Jane' }],
      ['invalid', { email, last_name: 'Doe' }],
      ['invalid', { email, city: 'Toronto' }],
    ],
  },
  // No operation carries the CSV row: its JSON Schema is the published file, not a component.
  InvoiceCsvRow: {
    document: FILE,
    rows: [
      ['valid', { ...csvRow, company_name: 'Acme' }],
      ['valid', { ...csvRow, company_name: '', first_name: 'Jane', last_name: 'Doe' }],
      ['valid', { ...csvRow, company_name: 'Acme', first_name: '', last_name: '' }],
      ['invalid', { ...csvRow, company_name: '' }],
      ['invalid', { ...csvRow, first_name: 'Jane', last_name: '' }],
      ['invalid', { ...csvRow, company_name: '', first_name: '', last_name: '' }],
      ['invalid', csvRow],
    ],
  },
  CreateInvoiceFields: {
    document: 'merchant',
    rows: [
      ['valid', { ...invoice, invoice_recipient_id: 301 }],
      ['valid', { ...invoice, ...recipient }],
      ['valid', { ...invoice, invoice_recipient_id: 301, email }],
      ['invalid', { ...invoice, email, company_name: 'Acme', first_name: 'Jane' }],
      ['invalid', { ...invoice, company_name: 'Acme', first_name: 'Jane', last_name: 'Doe' }],
      ['invalid', invoice],
    ],
  },
  InvoiceRecipientUpdate: {
    document: 'merchant',
    rows: [
      ['valid', { city: 'Toronto' }],
      ['valid', { email }],
      ['invalid', {}],
      // No field to change. Zod drops the unknown property and refuses the empty rest; the schema's
      // minProperties counts it. The server drops undeclared properties before validating, so it
      // refuses too; a validator reading the document alone accepts. The exact JSON form (anyOf,
      // one declared field required per branch) is read by the breaking-change diff as "email made
      // required", so it waits for the diff to read it right.
      ['document only', { nickname: 'Jane' }],
    ],
  },
  TraderBalancesRequest: {
    document: 'sandbox',
    rows: [
      ['valid', { btc: '1.5' }],
      ['valid', { btc: '1.5', usd: '100' }],
      ['invalid', {}],
      ['invalid', { doge: '1' }],
    ],
  },
};

describe('rules between fields: the Zod check and the document agree', () => {
  it('covers every schema built with a rule, and finds each in its document or its schema file (never both)', () => {
    expect([...ruledSchemas.keys()].sort()).toEqual(Object.keys(TABLE).sort());
    for (const [name, { document }] of Object.entries(TABLE)) {
      if (document !== FILE) expect(namedSchemaPointers(documents[document]!, name), name).not.toEqual([]);
      else {
        expect(schemaFiles[name]?.title, name).toBe(name);
        for (const doc of Object.values(documents)) expect(doc.components.schemas[name], name).toBeUndefined();
      }
    }
  });

  for (const [name, { document, rows }] of Object.entries(TABLE)) {
    it.each(rows)(`${name}: %s %j`, (verdict, input) => {
      const zod = ruledSchemas.get(name)!.schema.safeParse(input).success;
      for (const ref of jsonSchemaRefs(name, document)) {
        const json = ajv.getSchema(ref)!(input) as boolean;
        expect({ ref, zod, json }).toEqual({ ref, zod: verdict === 'valid', json: verdict !== 'invalid' });
      }
    });
  }

  it('names the missing fields, and only the missing ones', () => {
    const rule = requireOneOf([['company_name'], ['first_name', 'last_name']], { message: 'name it' });
    expect(ruleIssues(rule, { first_name: 'Jane' })).toEqual([
      { path: ['company_name'], message: 'name it' },
      { path: ['last_name'], message: 'name it' },
    ]);
    expect(ruleIssues({ ...rule, emptyIsAbsent: true }, { company_name: '', first_name: 'Jane', last_name: 'Doe' })).toEqual([]);
    expect(ruleIssues({ ...rule, issueOn: ['company_name'] }, {})).toEqual([{ path: ['company_name'], message: 'name it' }]);
  });
});

describe('a field that must be absent: the Zod check and the document agree', () => {
  const order = { market: 'btcusd', side: 'buy', volume: '0.5', ord_type: 'market' };
  it.each<Row>([
    ['valid', order],
    ['invalid', { ...order, price: '30000.00' }],
    ['invalid', { ...order, price: null }],
  ])('MarketOrderRequest: %s %j', (verdict, input) => {
    const zod = MarketOrderRequestSchema.safeParse(input).success;
    const json = ajv.getSchema('exchange.json#/components/schemas/MarketOrderRequest')!(input) as boolean;
    expect({ zod, json }).toEqual({ zod: verdict === 'valid', json: verdict === 'valid' });
  });
});

describe('no rule between fields is written by hand', () => {
  it('every anyOf of required fields, minProperties and if/then of the documents and schema files comes from a declared rule', () => {
    const handWritten: string[] = [];
    const walk = (id: string, node: unknown, path: string, declared: Set<string>): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(id, n, `${path}/${i}`, declared));
      if (node === null || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      const conditional =
        (Array.isArray(o.anyOf) && o.anyOf.some((b) => typeof b === 'object' && b !== null && 'required' in b)) || 'minProperties' in o || 'if' in o;
      if (conditional && !declared.has(path)) handWritten.push(`${id}${path}`);
      for (const [k, v] of Object.entries(o)) walk(id, v, joinPointer(path, k), declared);
    };
    // A declared rule sits in its schema (minProperties) or in the schema's allOf (a choice of fields).
    const declaredIn = (pointers: string[]) => new Set(pointers.flatMap((p) => [p, `${p}/allOf/0`]));
    for (const [id, doc] of Object.entries(documents)) {
      walk(id, doc, '#', declaredIn([...ruledSchemas.keys()].flatMap((name) => namedSchemaPointers(doc, name))));
    }
    // A schema file is its schema at the root: a rule there is the file's own, under $defs another one's.
    for (const [name, file] of Object.entries(schemaFiles)) walk(file.$id, file, '#', declaredIn(ruledSchemas.has(name) ? ['#'] : []));
    expect(handWritten).toEqual([]);
  });
});
