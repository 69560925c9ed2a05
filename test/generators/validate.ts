// The generated zod modules, imported at run time, and the real responses passed through them.
// Which schema a generator emitted for a response:
// - orval (zod): `<OperationId>Response` for the success answer; it emits none for error answers.
// - @hey-api/openapi-ts (zod plugin): `z<OperationId>Response` for the success answer; error
//   answers through the component schema the document's response refers to (`zExchangeError`).
// - openapi-zod-client: the endpoint whose alias is the operationId, `response` for the success
//   answer, `errors[]` (by status, then `default`) for the others.
// A success answer with no schema for it is an error; an error answer a generator does not cover
// is counted as not covered. So that "0 refused" cannot come from schemas that accept anything,
// each schema used must also refuse the body of one of its answers turned into the wrong JSON
// type (an object becomes [], anything else {}).
import { readFileSync } from 'node:fs';
import { resolveObject } from '../../contracts/shared/openapi-walk.ts';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { API_IDS, type Api } from './generate.ts';
import type { RealResponse } from './responses.ts';

interface Schema {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}
type Lookup = (operationId: string, status: number) => Schema | 'not covered' | undefined;

export const GENERATORS = ['orval (zod)', '@hey-api/openapi-ts (zod)', 'openapi-zod-client'] as const;
export type Generator = (typeof GENERATORS)[number];

export interface Tally {
  generator: Generator;
  api: Api;
  /** Responses passed through a schema. */
  checked: number;
  /** Distinct schemas used, each also given a planted wrong-type body. */
  schemas: number;
  notCovered: number;
  errors: string[];
}

const pascal = (id: string) => id[0]!.toUpperCase() + id.slice(1);
const isSchema = (v: unknown): v is Schema => typeof (v as Schema | undefined)?.safeParse === 'function';

/** operationId -> status -> the component schema name its JSON body refers to (when it is a $ref). */
function errorSchemaNames(api: Api): Map<string, Map<string, string>> {
  type Ref = { $ref?: string };
  type Response = Ref & { content?: Record<string, { schema?: Ref }> };
  const doc = JSON.parse(readFileSync(new URL(`../../generated/openapi/${api}.json`, import.meta.url), 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, Response> }>>;
    components?: { responses?: Record<string, Response> };
  };
  const names = new Map<string, Map<string, string>>();
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      if (!op.operationId) continue;
      const byStatus = new Map<string, string>();
      for (const [status, r] of Object.entries(op.responses ?? {})) {
        const ref = (resolveObject(doc, r) as Response).content?.['application/json']?.schema?.$ref;
        if (ref) byStatus.set(status, ref.split('/').pop()!);
      }
      names.set(op.operationId, byStatus);
    }
  }
  return names;
}

const ok = (status: number) => status >= 200 && status < 300;

async function lookups(dir: string, api: Api): Promise<Record<Generator, Lookup>> {
  const load = async (file: string) => (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>;
  const orval = await load(`out/orval-zod/${api}.ts`);
  const hey = await load(`out/hey-api/${api}/zod.gen.ts`);
  const zodios = await load(`zodios/out/${api}.ts`);
  const errorNames = errorSchemaNames(api);
  type Endpoint = { alias?: string; response: Schema; errors?: { status: number | 'default'; schema: Schema }[] };
  const endpoints = (zodios.api as { api: Endpoint[] }).api;
  const pick = (v: unknown) => (isSchema(v) ? v : undefined);
  return {
    'orval (zod)': (id, status) => (ok(status) ? pick(orval[`${pascal(id)}Response`]) : 'not covered'),
    '@hey-api/openapi-ts (zod)': (id, status) => {
      if (ok(status)) return pick(hey[`z${pascal(id)}Response`]);
      const name = errorNames.get(id)?.get(String(status)) ?? errorNames.get(id)?.get('default');
      return name ? pick(hey[`z${name}`]) : 'not covered';
    },
    'openapi-zod-client': (id, status) => {
      const endpoint = endpoints.find((e) => e.alias === id);
      if (!endpoint) return undefined;
      if (ok(status)) return endpoint.response;
      const error = endpoint.errors?.find((e) => e.status === status) ?? endpoint.errors?.find((e) => e.status === 'default');
      return error?.schema ?? 'not covered';
    },
  };
}

export async function validateAll(dir: string, responses: readonly RealResponse[]): Promise<Tally[]> {
  const tallies: Tally[] = [];
  for (const api of API_IDS) {
    const byGenerator = await lookups(dir, api);
    for (const generator of GENERATORS) {
      const tally: Tally = { generator, api, checked: 0, schemas: 0, notCovered: 0, errors: [] };
      const planted = new Set<Schema>();
      for (const r of responses.filter((x) => x.api === api)) {
        const schema = byGenerator[generator](r.operationId, r.status);
        if (schema === 'not covered') {
          tally.notCovered++;
          continue;
        }
        tally.checked++;
        if (!schema) {
          tally.errors.push(`${r.operationId} ${r.status}: the generated module has no schema for this answer`);
          continue;
        }
        if (!planted.has(schema)) {
          planted.add(schema);
          const wrong = r.body !== null && typeof r.body === 'object' && !Array.isArray(r.body) ? [] : {};
          if (schema.safeParse(wrong).success) tally.errors.push(`${r.operationId} ${r.status}: the schema accepts ${JSON.stringify(wrong)} (a body of the wrong type)`);
        }
        const result = schema.safeParse(r.body);
        if (!result.success) {
          const issues = (result.error?.issues ?? []).map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ');
          tally.errors.push(`${r.operationId} ${r.status}: ${issues} — body ${JSON.stringify(r.body).slice(0, 300)}`);
        }
      }
      tally.schemas = planted.size;
      tallies.push(tally);
    }
  }
  return tallies;
}
