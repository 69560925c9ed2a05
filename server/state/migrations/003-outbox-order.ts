// Schema version 3: webhook deliveries in event order per subject (issue 19 point 2). `subject`
// names what the event is about ('payment:1001'); `seq` orders the owed deliveries as their events
// happened, so after a restart a later event of a subject still waits for the earlier one.
export default /* sql */ `
ALTER TABLE webhook_outbox ADD COLUMN subject TEXT NOT NULL DEFAULT '';
ALTER TABLE webhook_outbox ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
`;
