// Schema version 7: lists answered from an index. A merchant's records of a kind, newest first
// (created_at descending, then id descending: the order of the list endpoints), are read with an
// offset and a limit from this expression index, instead of loading and sorting every record of
// the kind (Table.page). The expressions must be written exactly as the queries write them
// (sqlite-table.ts, pg/pg-table.ts) for the planner to use the index.
export default /* sql */ `
CREATE INDEX records_by_owner ON records (kind, json_extract(data, '$.merchant'), json_extract(data, '$.created_at') DESC, id DESC);
`;

/** PostgreSQL: the same index over the text column read as jsonb (an immutable cast, so indexable). */
export const postgres = /* sql */ `
CREATE INDEX records_by_owner ON records (kind, ((data::jsonb) ->> 'merchant'), (((data::jsonb) ->> 'created_at')::bigint) DESC, id DESC);
`;
