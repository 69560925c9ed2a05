// Values a server keeps unique (invoice numbers per merchant, M5; e-mail addresses of partner
// registrations and applications, P-duplicates), drawn fresh for every request that is sent:
// generated from the seed alone they would be the same on every run and every replay of a
// printed reproduction command, and a deployment that has seen them once answers "already taken"
// (422) forever after, hiding whatever the run was about. The rest of the request still comes
// from the seed.
import { randomBytes } from 'node:crypto';
import type { ApiId, OperationSpec } from './document.ts';
import { requestProblems } from './requests.ts';
import type { SchemaKit } from './schemas.ts';
import type { RequestInput } from './wire.ts';

/** Body field names whose values the API keeps unique, per API (the sandbox's fixtures create merchant records). */
export const UNIQUE_FIELDS: Record<ApiId, readonly string[]> = {
  exchange: [],
  merchant: ['invoice_number'],
  partner: ['email'],
  sandbox: ['invoice_number'],
};

/** Fresh tokens: a random prefix per process, then a counter, both base 36 (letters and digits only). */
export class UniqueValues {
  private readonly prefix: string;
  private count = 0;

  constructor(prefix = BigInt(`0x${randomBytes(6).toString('hex')}`).toString(36)) {
    this.prefix = prefix;
  }

  token(): string {
    return `${this.prefix}${(this.count++).toString(36)}`;
  }

  /**
   * The request with each unique field of its body replaced by a fresh value of the same kind;
   * a replacement that would make the request invalid (a length limit, a quoted local part) keeps
   * the original value.
   */
  freshen(api: ApiId, op: OperationSpec, kit: SchemaKit, input: RequestInput): RequestInput {
    const fields = UNIQUE_FIELDS[api];
    if (fields.length === 0 || input.body === undefined || input.rawBody !== undefined) return input;
    const places: { holder: Record<string, unknown>; key: string }[] = [];
    const out = structuredClone(input);
    const walk = (v: unknown) => {
      if (Array.isArray(v)) return v.forEach(walk);
      if (v === null || typeof v !== 'object') return;
      for (const [k, child] of Object.entries(v)) {
        if (fields.includes(k) && typeof child === 'string') places.push({ holder: v as Record<string, unknown>, key: k });
        else walk(child);
      }
    };
    walk(out.body);
    if (places.length === 0) return input;
    // Only valid requests: a negative one is refused before any uniqueness check.
    if (requestProblems(op, kit, input) !== '') return input;
    for (const { holder, key } of places) {
      const before = holder[key] as string;
      for (const candidate of this.candidates(before)) {
        holder[key] = candidate;
        if (requestProblems(op, kit, out) === '') break;
        holder[key] = before;
      }
    }
    return out;
  }

  /** Fresh values for `value`, preferred first: an e-mail keeps its domain, other text its length where it can. */
  private candidates(value: string): string[] {
    const t = this.token();
    const at = value.lastIndexOf('@');
    if (at > 0) return [`${t}${value.slice(0, at)}${value.slice(at)}`, `${t}${value.slice(at)}`];
    const long = `${t}${value}`;
    return [long.slice(0, Math.max(value.length, t.length)), long, t];
  }
}
