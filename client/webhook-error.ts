// The error of webhook verification: a `reason` to branch on, a message that names the likely
// cause. Its own file so the Express helper and the core share it without a cycle.

export type WebhookFailureReason =
  | 'no_body' // nothing to verify: body absent or empty
  | 'malformed_body' // a body, but not the JSON envelope {signature, data}
  | 'malformed_header' // signature not `t=<unix s>,s1=<hex>[,s1=...]`
  | 'bad_signature' // no s1 matches any secret
  | 'timestamp_too_old' // t older than the tolerance (replay or clock)
  | 'timestamp_in_future' // t ahead by more than the tolerance (clock)
  | 'undecodable_data' // data not canonical base64 of UTF-8 JSON
  | 'payload_invalid'; // decoded JSON matches neither payload schema

export const WEBHOOK_FAILURE_REASONS: readonly WebhookFailureReason[] = [
  'no_body', 'malformed_body', 'malformed_header', 'bad_signature', 'timestamp_too_old', 'timestamp_in_future', 'undecodable_data', 'payload_invalid',
];

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  /** The signed timestamp, for the timestamp reasons. */
  declare readonly timestamp?: number;
  /** The schema issues, for payload_invalid. */
  declare readonly issues?: readonly unknown[];

  constructor(
    readonly reason: WebhookFailureReason,
    message: string,
    extra: { timestamp?: number; issues?: readonly unknown[] } = {},
  ) {
    super(message);
    if (extra.timestamp !== undefined) this.timestamp = extra.timestamp;
    if (extra.issues !== undefined) this.issues = extra.issues;
  }
}
