// Schema version 7: lists answered from an index. A merchant's records of a kind, newest first
// (created_at descending, then id descending: the order of the list endpoints), are read with an
// offset and a limit from this expression index, instead of loading and sorting every record of
// the kind (Table.page). The expressions must be written exactly as the queries write them
// (sqlite-table.ts, pg/pg-table.ts) for the planner to use the index.
import { readableJson } from './dialect.ts';
export default /* sql */ `
CREATE INDEX records_by_owner ON records (kind, json_extract(data, '$.merchant'), json_extract(data, '$.created_at') DESC, id DESC);
`;

/**
 * PostgreSQL: the merchant and creation time as columns the table writes with each record (an
 * expression over `data` cannot serve: PostgreSQL's JSON parser refuses a record holding an escaped
 * NUL or an unpaired surrogate escape anywhere, which a merchant's free text may). Existing rows are
 * filled in from their JSON read with every \u0000 and surrogate escape turned into \u0001: still
 * valid JSON with the same merchant and creation time (free text is not read). This text once
 * skipped rows with a NUL (they stayed out of the lists) and failed on a lone surrogate (the upgrade
 * stopped); a database that applied it is not touched again, one that could not now can.
 */
export const postgres = /* sql */ `
ALTER TABLE records ADD COLUMN owner TEXT;
ALTER TABLE records ADD COLUMN at BIGINT NOT NULL DEFAULT 0;
UPDATE records SET owner = r.j ->> 'merchant', at = coalesce((r.j ->> 'created_at')::bigint, 0) FROM (
  SELECT kind AS k, id AS i, ${readableJson('data')} AS j FROM records
) r WHERE records.kind = r.k AND records.id = r.i AND r.j ? 'merchant';
CREATE INDEX records_by_owner ON records (kind, owner, at DESC, id DESC);
`;
