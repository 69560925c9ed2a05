import { describe, expect, it } from 'vitest';
import { WEBHOOK_FAILURE_REASONS, WebhookVerificationError } from './webhook-error.ts';

describe('WebhookVerificationError', () => {
  it('carries its reason and optional details', () => {
    const e = new WebhookVerificationError('timestamp_too_old', 'old', { timestamp: 5 });
    expect(e).toBeInstanceOf(Error);
    expect(e).toMatchObject({ name: 'WebhookVerificationError', reason: 'timestamp_too_old', message: 'old', timestamp: 5 });
    expect(new WebhookVerificationError('bad_signature', 'x')).not.toHaveProperty('issues');
  });

  it('lists every reason once', () => {
    expect(new Set(WEBHOOK_FAILURE_REASONS).size).toBe(8);
  });
});
