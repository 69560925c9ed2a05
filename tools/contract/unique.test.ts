import { describe, expect, it } from 'vitest';
import { loadDocument, operationsOf } from './document.ts';
import { SchemaKit } from './schemas.ts';
import { UniqueValues } from './unique.ts';

const doc = loadDocument('merchant');
const kit = new SchemaKit(doc, 'merchant');
const op = (id: string) => operationsOf('merchant', doc).find((o) => o.operationId === id)!;
const pdoc = loadDocument('partner');
const pkit = new SchemaKit(pdoc, 'partner');
const register = operationsOf('partner', pdoc).find((o) => o.operationId === 'registerUser')!;

describe('UniqueValues', () => {
  it('replaces invoice numbers with fresh alphanumeric ones, the rest untouched', () => {
    const u = new UniqueValues('run1');
    const example = op('createPayment').body!.example as { payment: Record<string, unknown> };
    const input = { path: {}, query: {}, body: { payment: { ...example.payment, invoice_number: 'A1' } } };
    expect(u.freshen('merchant', op('createPayment'), kit, input).body).toEqual({ payment: { ...example.payment, invoice_number: 'run10' } });
    expect(u.freshen('merchant', op('createPayment'), kit, input).body).toEqual({ payment: { ...example.payment, invoice_number: 'run11' } });
    expect(input.body.payment.invoice_number).toBe('A1');
  });

  it('keeps an e-mail domain and leaves invalid requests as they are', () => {
    const u = new UniqueValues('r');
    const registration = register.body!.example as { registration: Record<string, unknown> };
    const fresh = u.freshen('partner', register, pkit, { path: {}, query: {}, body: registration });
    const email = String(registration.registration.email);
    expect((fresh.body as typeof registration).registration.email).toBe(`r0${email}`);
    const invalid = { path: {}, query: {}, body: { payment: { invoice_number: 'A1' } } };
    expect(u.freshen('merchant', op('createPayment'), kit, invalid)).toBe(invalid);
  });
});
