// Schema version 3: webhook deliveries in event order per subject. `subject`
// names what the event is about ('payment:1001'); `seq` orders the owed deliveries as their events
// happened, so after a restart a later event of a subject still waits for the earlier one.
export default /* sql */ `
ALTER TABLE webhook_outbox ADD COLUMN subject TEXT NOT NULL DEFAULT '';
ALTER TABLE webhook_outbox ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
`;

/**
 * PostgreSQL (migrations/dialect.ts): the same columns, and a sequence numbering the owed deliveries
 * (server/state/pg/pg-outbox.ts): max(seq) + 1 would make every two transactions adding at once
 * conflict under SERIALIZABLE.
 */
export const postgres = /* sql */ `
ALTER TABLE webhook_outbox ADD COLUMN subject TEXT NOT NULL DEFAULT '';
ALTER TABLE webhook_outbox ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;
CREATE SEQUENCE webhook_outbox_seq MINVALUE 1 START WITH 1;
`;
