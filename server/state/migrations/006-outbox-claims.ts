// Schema version 6: each webhook attempt is claimed before it is sent, so that of several instances
// which all know an owed delivery (every instance resumes the outbox at its start) exactly one
// sends each attempt. `claimed_until` (epoch ms) is when the claim of the row's current attempt
// lapses: long enough for the attempt's timeout; a claimer killed meanwhile leaves the attempt to
// whoever claims it after that.
export default /* sql */ `
ALTER TABLE webhook_outbox ADD COLUMN claimed_until INTEGER NOT NULL DEFAULT 0;
`;
