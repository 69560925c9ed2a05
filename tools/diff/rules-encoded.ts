// Encoded content (JSON Schema's contentEncoding, contentMediaType, contentSchema): a string whose
// decoded value has its own schema, like a webhook envelope's base64 `data`. The decoded schema is
// compared in the string's own flow: for a webhook payload that is the receiver's direction (the
// platform sends, the integrator reads, as with a response), so a payload field removed or retyped,
// made optional, or an enum value added is ERR, while a new field or a dropped enum value is not.
import { levelOf, type SchemaScope } from './finding.ts';
import type { Node } from './node.ts';
import { consequence, schemaFinding, show, subject } from './say.ts';
import type { Recurse } from './rules-object.ts';
import { cap } from './rules-type.ts';

const ENCODING = ['contentEncoding', 'contentMediaType'] as const;

export function compareEncoded(b: Node, r: Node, scope: SchemaScope, field: string, recurse: Recurse): void {
  const what = subject(scope, field);
  for (const k of ENCODING) {
    const bv = b.kw[k];
    const rv = r.kw[k];
    if (bv === undefined || rv === undefined || bv === rv) continue;
    const id = k === 'contentEncoding' ? 'content-encoding-changed' : 'content-media-type-changed';
    schemaFinding(scope, id, 'ERR', b.origin[k] ?? b.ptr, r.origin[k] ?? r.ptr, `${cap(what)} has ${k} ${show(rv)} (was ${show(bv)}): whoever decodes it breaks.`);
  }
  if (b.encoded && r.encoded) {
    recurse(b.encoded, r.encoded, scope, field);
    return;
  }
  if (!b.encoded && !r.encoded) return;
  // A schema declared where there was none limits the decoded value (tightened); one dropped frees it.
  const change = r.encoded ? 'tightened' : 'loosened';
  const level = levelOf(scope.flow, change);
  const id = r.encoded ? 'content-schema-added' : 'content-schema-removed';
  const text = r.encoded ? 'now declares the schema of its decoded content' : 'no longer declares the schema of its decoded content';
  schemaFinding(scope, id, level, b.encoded?.ptr ?? b.ptr, r.encoded?.ptr ?? r.ptr, `${cap(what)} ${text}${consequence(scope.flow, level)}.`);
}
