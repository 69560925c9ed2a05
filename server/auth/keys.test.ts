// The credential schemas the server config validates: a partner's Basic key and secret go together.
import { describe, expect, it } from 'vitest';
import { PartnerCredentialSchema } from './keys.ts';

describe('PartnerCredentialSchema', () => {
  it.each([
    [{ partnerId: 'p', bearerKey: 'b' }],
    [{ partnerId: 'p', basicKey: 'k', basicSecret: 's' }],
    [{ partnerId: 'p', bearerKey: 'b', basicKey: 'k', basicSecret: 's' }],
    [{ partnerId: 'p' }],
  ])('accepts %j', (credential) => {
    expect(PartnerCredentialSchema.parse(credential)).toEqual(credential);
  });

  it.each([
    [{ partnerId: 'p', basicKey: 'k' }],
    [{ partnerId: 'p', bearerKey: 'b', basicSecret: 's' }],
  ])('refuses %j: a Basic key without its secret or a secret without its key', (credential) => {
    const result = PartnerCredentialSchema.safeParse(credential);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['basicKey and basicSecret go together']);
  });
});
