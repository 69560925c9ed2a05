// Corpus: probable renames, a property removed and one of the same schema added in the same
// object, reported as one ERR finding with both pointers; different schemas stay two findings.
import { S, schema, type Case } from './corpus-kit.ts';

const payment = S('Payment');
const fields = S('CreatePaymentFields');

export const renameCases: Case[] = [
  {
    name: 'response field renamed (Payment url to link)',
    api: 'merchant',
    rev: (d) => {
      const s = d.components.schemas.Payment;
      s.properties.link = { ...s.properties.url, description: 'Payment page' };
      delete s.properties.url;
      s.required = s.required.map((r: string) => (r === 'url' ? 'link' : r));
    },
    expect: [['response-property-renamed', 'ERR', `${payment}/properties/url`, `${payment}/properties/link`]],
  },
  {
    name: 'request field renamed (external_id to reference)',
    api: 'merchant',
    rev: (d) => {
      const s = schema(d, 'CreatePaymentFields');
      s.properties.reference = s.properties.external_id;
      delete s.properties.external_id;
    },
    expect: [['request-property-renamed', 'ERR', `${fields}/properties/external_id`, `${fields}/properties/reference`]],
  },
  {
    name: 'a field removed and one of another schema added: no rename',
    api: 'merchant',
    rev: (d) => {
      const s = d.components.schemas.Payment;
      s.properties.link = { type: 'integer' };
      delete s.properties.url;
      s.required = s.required.filter((r: string) => r !== 'url');
    },
    expect: [
      ['response-property-removed', 'ERR', `${payment}/properties/url`, `${payment}/properties`],
      ['response-property-added', 'INFO', payment, `${payment}/properties/link`],
    ],
  },
];
