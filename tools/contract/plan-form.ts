// The form-encoded cases of an operation whose requestBody also declares
// application/x-www-form-urlencoded (same schema): form twins of the documented example and of a
// quarter of the valid requests (at least one), then each body mutation once over a form body, an
// empty form body and one that is not a form. A twin exists only when its body has a form
// encoding (form.ts) and keeps its nature as the server reads it back: a valid one is valid with
// strict (canonical text) coercion, a negative one invalid even with loose coercion.
import { defaultForm, encodeForm } from './form.ts';
import { applyMutation, MALFORMED_FORM_MUTATION, mutationsOf, type Mutation } from './mutations.ts';
import type { PlannedCase, PlanOptions } from './planned-case.ts';
import { requestProblems } from './requests.ts';
import type { RequestInput } from './wire.ts';

const asForm = (input: RequestInput): RequestInput => ({ ...input, encoding: 'form' });
/**
 * The input as the server reads it: its form text in `rawBody` (what requestProblems would encode
 * from the body), so that checking it twice encodes it once; undefined when it has no form.
 */
const asSent = (input: RequestInput): RequestInput | undefined => {
  if (input.rawBody !== undefined) return input;
  const text = input.body === undefined ? undefined : encodeForm(input.body);
  return text === undefined ? undefined : { ...input, rawBody: text };
};

/** Mutations a form can carry: every one of the body, except JSON syntax and size, plus a malformed form. */
const FORM_KINDS = new Set<Mutation['kind']>(['missing', 'empty', 'type', 'enum', 'const', 'pattern', 'format', 'limit', 'forbidden', 'no-body']);

export function formCases(o: PlanOptions, positives: PlannedCase[], notes: string[]): PlannedCase[] {
  if (!o.op.body?.form) return [];
  const { op, kit } = o;
  const out: PlannedCase[] = [];
  const example = positives.filter((c) => c.kind === 'example');
  const valid = positives.filter((c) => c.kind === 'valid');
  let skipped = 0;
  for (const c of [...example, ...valid.slice(0, Math.max(1, Math.ceil(valid.length / 4)))]) {
    const input = asForm(c.input);
    if (c.input.body === undefined) continue;
    const sent = asSent(input);
    if (!sent || requestProblems(op, kit, sent) !== '') {
      skipped++;
      continue;
    }
    out.push({ ...c, label: `form: ${c.label}`, input });
  }
  if (skipped > 0) notes.push(`${skipped} valid request(s) have no form encoding that reads back the same (null, empty arrays or objects); sent as JSON only`);
  if (valid.length === 0) return out;
  // Where the document declares no `encoding` for an object field, a reader sends it
  // by OpenAPI's default (flattened); that must be accepted too, or the document must say otherwise.
  for (const c of valid) {
    const text = defaultForm(c.input.body, op.body?.formEncoding);
    if (text === undefined) continue;
    const { sampleIndex: _notReplayable, ...base } = c;
    out.push({ ...base, label: `form, OpenAPI's default encoding (no \`encoding\` declared): ${c.label}`, input: { ...c.input, rawBody: text, encoding: 'form' } }); // the body, for the report; the text is what is sent
    break;
  }

  const mutations = [...mutationsOf(op, kit).filter((m) => m.target.startsWith('body') && FORM_KINDS.has(m.kind)), MALFORMED_FORM_MUTATION];
  for (const m of mutations) {
    for (let t = 0; t < valid.length; t++) {
      const base = valid[t]!;
      const mutated = applyMutation(base.input, m);
      if (!mutated) continue;
      const input = asForm(mutated);
      const sent = asSent(input);
      if (!sent || requestProblems(op, kit, sent, 'loose') === '' || requestProblems(op, kit, sent) === '') continue;
      out.push({ ...base, kind: 'negative', label: `form: ${m.label}`, input, expect: { kind: 'negative', mutation: m.kind }, mutation: m });
      break;
    }
  }
  return out;
}
