// Schema version 9: queues answered from an index. A table may have a queue rule (Table.queued:
// transactions awaiting payout, refunds awaiting deduction); the table writes the rule's answer in
// the column `queued` with every record, and a partial index holds only the queued records by
// merchant and id, so a payout reads what awaits it without loading the merchant's history. The
// rule itself lives in code (server/ports/merchant-records.ts); the UPDATE below states it once in
// SQL for the records written before this version, as it read when this version was released.
import { readableJson } from './dialect.ts';
export default /* sql */ `
ALTER TABLE records ADD COLUMN queued INTEGER NOT NULL DEFAULT 0;
UPDATE records SET queued = 1 WHERE
  (kind = 'merchant.transactions' AND json_extract(data, '$.payout_id') IS NULL AND json_extract(data, '$.kind') <> 'refund'
    AND json_extract(data, '$.status') IN ('paid', 'completed') AND json_extract(data, '$.amount_received') IS NOT NULL)
  OR (kind = 'merchant.refunds' AND json_extract(data, '$.payout_id') IS NULL AND json_extract(data, '$.status') NOT IN ('cancelled', 'problem'));
CREATE INDEX records_queued ON records (kind, json_extract(data, '$.merchant'), id) WHERE queued = 1;
`;

/**
 * PostgreSQL: the same rule over the merchant column `owner` (migration 007). Its JSON parser
 * refuses an escaped NUL and an unpaired surrogate escape (which free text may hold), so the records
 * are read with every \u0000 and every surrogate escape turned into \u0001: still valid JSON with the
 * same fields and values wherever the rule reads (it reads no free text).
 */
export const postgres = /* sql */ `
ALTER TABLE records ADD COLUMN queued BOOLEAN NOT NULL DEFAULT false;
UPDATE records SET queued = true FROM (
  SELECT kind AS k, id AS i, ${readableJson('data')} AS j
  FROM records WHERE kind IN ('merchant.transactions', 'merchant.refunds')
) r WHERE records.kind = r.k AND records.id = r.i AND (
  (r.k = 'merchant.transactions' AND jsonb_typeof(r.j -> 'payout_id') = 'null' AND r.j ->> 'kind' <> 'refund'
    AND r.j ->> 'status' IN ('paid', 'completed') AND jsonb_typeof(r.j -> 'amount_received') = 'string')
  OR (r.k = 'merchant.refunds' AND jsonb_typeof(r.j -> 'payout_id') = 'null' AND r.j ->> 'status' NOT IN ('cancelled', 'problem'))
);
CREATE INDEX records_queued ON records (kind, owner, id) WHERE queued;
`;
