import { describe, expect, it } from 'vitest';
import { encodeWebhookBody, readWebhookForm, webhookEncodingOf } from './webhook-encoding.ts';

const envelope = { signature: `t=1767225600,s1=${'ab'.repeat(32)}`, data: 'eyJ+Pz8/fn5+In0=' };

describe('webhook body encodings', () => {
  it('json is the envelope as JSON; form is exactly two fields with base64 and the signature percent-encoded', () => {
    expect(encodeWebhookBody(envelope, 'json')).toBe(JSON.stringify(envelope));
    expect(encodeWebhookBody(envelope, 'form')).toBe(`signature=t%3D1767225600%2Cs1%3D${'ab'.repeat(32)}&data=eyJ%2BPz8%2Ffn5%2BIn0%3D`);
    expect(readWebhookForm(encodeWebhookBody(envelope, 'form'))).toEqual(envelope);
  });

  it.each([
    ['signature=x', { problem: 'no `data` field' }],
    ['data=x', { problem: 'no `signature` field' }],
    ['signature=x&data=y&data=y', { problem: 'a repeated `signature` or `data` field' }],
    ['signature=a%2Bb&data=c+d&signing=ignored', { signature: 'a+b', data: 'c d' }],
  ])('readWebhookForm(%j)', (body, want) => {
    expect(readWebhookForm(body)).toEqual(want);
  });

  it.each([
    ['application/json', 'json'],
    ['Application/JSON; charset=utf-8', 'json'],
    ['application/x-www-form-urlencoded;charset=UTF-8', 'form'],
    ['text/plain', undefined],
    [undefined, undefined],
  ])('webhookEncodingOf(%j) = %j', (type, want) => {
    expect(webhookEncodingOf(type)).toBe(want);
  });
});
