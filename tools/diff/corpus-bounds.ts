// Corpus, generated: every constraint keyword tightened and loosened (and changed, where it can
// be) in a request and in a response. Base and revision set the keyword on the same field.
import { S, at, type Api, type Case, type Expect, type Json } from './corpus-kit.ts';
import { levelOf } from './finding.ts';
import { kebab } from './rules-constraints.ts';

interface Target {
  api: Api;
  ptr: string;
}

type Kind = 'string' | 'number' | 'array' | 'object';
const TARGETS: Record<Kind, { request: Target; response: Target }> = {
  string: { request: { api: 'merchant', ptr: S('CreatePaymentFields', 'properties', 'zip') }, response: { api: 'merchant', ptr: S('Payment', 'properties', 'txid') } },
  number: { request: { api: 'merchant', ptr: S('CreateRefundRequest', 'properties', 'expires_in') }, response: { api: 'exchange', ptr: S('OrderBook', 'properties', 'timestamp') } },
  array: { request: { api: 'exchange', ptr: S('CreateOrdersRequest', 'properties', 'orders') }, response: { api: 'exchange', ptr: S('OrderBook', 'properties', 'bids') } },
  object: { request: { api: 'merchant', ptr: S('CreatePaymentFields') }, response: { api: 'merchant', ptr: S('Payment') } },
};

/** keyword, kind, base value, tightened value, loosened value, changed value (undefined: none). */
const KEYWORDS: [string, Kind, unknown, unknown, unknown, unknown?][] = [
  ['maxLength', 'string', 64, 32, 128],
  ['minLength', 'string', 2, 4, 1],
  ['pattern', 'string', undefined, '^[A-Z0-9 ]+$', undefined, '^[0-9]+$'],
  ['format', 'string', undefined, 'hostname', undefined, 'email'],
  ['maximum', 'number', 336, 300, 400],
  ['exclusiveMaximum', 'number', 337, 300, 400],
  ['minimum', 'number', 12, 24, 1],
  ['exclusiveMinimum', 'number', 11, 23, 0],
  ['multipleOf', 'number', 2, 4, 1, 3],
  ['maxItems', 'array', 100, 50, 200],
  ['minItems', 'array', 1, 2, 0],
  ['uniqueItems', 'array', false, true, undefined],
  ['maxProperties', 'object', 30, 20, 40],
  ['minProperties', 'object', 1, 2, 0],
];

function setter(ptr: string, k: string, v: unknown): (d: Json) => void {
  return (d) => {
    const s = at(d, ptr);
    if (v === undefined) delete s[k];
    else s[k] = v;
  };
}

export const boundCases: Case[] = KEYWORDS.flatMap(([k, kind, base, tight, loose, changed]) =>
  (['request', 'response'] as const).flatMap((channel) => {
    const t = TARGETS[kind][channel];
    const flow = channel === 'request' ? 'in' : 'out';
    const variants: [string, unknown, unknown][] = [['tightened', base, tight], ['loosened', k === 'uniqueItems' ? true : k === 'pattern' || k === 'format' ? tight : base, loose]];
    if (changed !== undefined) variants.push(['changed', tight, changed]);
    return variants.map(([change, from, to]): Case => {
      const expect: Expect = [`${channel}-${kebab(k)}-${change}`, levelOf(flow, change as 'tightened'), t.ptr, t.ptr];
      return { name: `${channel} ${k} ${change} (${JSON.stringify(from) ?? 'none'} to ${JSON.stringify(to) ?? 'none'})`, api: t.api, base: setter(t.ptr, k, from), rev: setter(t.ptr, k, to), expect: [expect] };
    });
  }),
);
