// Schema version 10: a record's group read from an index. A table may have a group field (Table.find:
// a refund's transaction, a delivery's webhook, an invoice's recipient); the table writes the field's
// key (groupKey in server/ports/table.ts: a string as itself, a safe integer as its decimal text) in
// the column `grp` with every record, and a partial index holds the grouped records by merchant,
// group and id, so a transaction's refunds or a webhook's attempts are read without loading the
// merchant's history of the kind. The fields live in code (GROUPS in server/ports/merchant-store.ts);
// the UPDATEs below state them once for the records written before this version, as they read when
// it was released. A value the code does not index (null, a string with a NUL) may get a key here:
// harmless, as no find looks it up.
import { readableJson } from './dialect.ts';
export default /* sql */ `
ALTER TABLE records ADD COLUMN grp TEXT;
UPDATE records SET grp = CAST(json_extract(data, '$.transaction_id') AS TEXT)
  WHERE kind = 'merchant.refunds' AND json_type(data, '$.transaction_id') IN ('integer', 'text');
UPDATE records SET grp = CAST(json_extract(data, '$.webhook_id') AS TEXT)
  WHERE kind = 'merchant.deliveries' AND json_type(data, '$.webhook_id') IN ('integer', 'text');
UPDATE records SET grp = CAST(json_extract(data, '$.recipient_id') AS TEXT)
  WHERE kind = 'merchant.invoices' AND json_type(data, '$.recipient_id') IN ('integer', 'text');
CREATE INDEX records_by_group ON records (kind, json_extract(data, '$.merchant'), grp, id) WHERE grp IS NOT NULL;
`;

/**
 * PostgreSQL: the merchant column `owner` (migration 007) in the index; the records read as 007 and
 * 009 read them (readableJson: escaped NUL and surrogates turned into \u0001, which changes only
 * strings the code does not index).
 */
export const postgres = /* sql */ `
ALTER TABLE records ADD COLUMN grp TEXT;
UPDATE records SET grp = r.j ->> r.f FROM (
  SELECT kind AS k, id AS i, ${readableJson('data')} AS j,
    CASE kind WHEN 'merchant.refunds' THEN 'transaction_id' WHEN 'merchant.deliveries' THEN 'webhook_id' ELSE 'recipient_id' END AS f
  FROM records WHERE kind IN ('merchant.refunds', 'merchant.deliveries', 'merchant.invoices')
) r WHERE records.kind = r.k AND records.id = r.i AND jsonb_typeof(r.j -> r.f) IN ('number', 'string');
CREATE INDEX records_by_group ON records (kind, owner, grp, id) WHERE grp IS NOT NULL;
`;
