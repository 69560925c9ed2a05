// Schema version 7: lists answered from an index. A merchant's records of a kind, newest first
// (created_at descending, then id descending: the order of the list endpoints), are read with an
// offset and a limit from this expression index, instead of loading and sorting every record of
// the kind (Table.page). The expressions must be written exactly as the queries write them
// (sqlite-table.ts, pg/pg-table.ts) for the planner to use the index.
export default /* sql */ `
CREATE INDEX records_by_owner ON records (kind, json_extract(data, '$.merchant'), json_extract(data, '$.created_at') DESC, id DESC);
`;

/**
 * PostgreSQL: the merchant and creation time as columns the table writes with each record (an
 * expression over `data` cannot serve: PostgreSQL's JSON functions refuse a record holding an escaped
 * NUL anywhere, which a merchant's free text may). Existing rows are filled in from their JSON,
 * except such rows, which stay out of the pages.
 */
export const postgres = /* sql */ `
ALTER TABLE records ADD COLUMN owner TEXT;
ALTER TABLE records ADD COLUMN at BIGINT NOT NULL DEFAULT 0;
UPDATE records SET owner = (data::jsonb) ->> 'merchant', at = coalesce(((data::jsonb) ->> 'created_at')::bigint, 0)
  WHERE CASE WHEN position('\\u0000' in data) = 0 THEN (data::jsonb) ? 'merchant' ELSE false END;
CREATE INDEX records_by_owner ON records (kind, owner, at DESC, id DESC);
`;
