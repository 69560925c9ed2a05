// The try-it console of a reference page (bundled by esbuild into docs/console.js): reads the
// page's plan (#try-it-plan), builds the panel, fills the picked operation's example request
// (or the values a previous answer's links carried), sends it through the package's client to the
// sandbox serving the page, and shows both sides. Follows the page: opening an operation's anchor
// picks it.
import { carriedBy, withCarried, type Carried } from './links.ts';
import { block, buildPanel, el, type PanelParts } from './panel.ts';
import { send, type Exchange } from './send.ts';
import type { ConsoleOperation, ConsolePlan, Scalar } from './types.ts';

const json = (v: unknown) => JSON.stringify(v, null, 2);
const headerLines = (headers: [string, string][]) => headers.map(([k, v]) => `${k}: ${v}`).join('\n');

function parseJson(text: string, what: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${what} is not valid JSON`);
  }
}

function parseHeaders(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf(':');
    if (line.trim() === '') continue;
    if (at <= 0) throw new Error(`header line "${line}" has no "Name: value"`);
    out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}

function start(plan: ConsolePlan) {
  const origin = window.location.origin;
  const ui: PanelParts = buildPanel(plan, origin);
  const carried: Record<string, Carried> = {};
  const byId = new Map(plan.operations.map((op) => [op.operationId, op]));
  const current = (): ConsoleOperation => byId.get(ui.operation.value)!;

  function fill() {
    const op = current();
    const from = carried[op.operationId];
    const example = withCarried(op, from);
    ui.pathParams.replaceChildren(el('legend', {}, 'Path parameters'));
    for (const [name, value] of Object.entries(example.pathParams)) {
      ui.pathParams.append(el('label', {}, name, el('input', { 'data-tryit-path': name, value: String(value) })));
    }
    ui.pathParams.hidden = Object.keys(example.pathParams).length === 0;
    ui.query.value = Object.keys(example.query).length > 0 ? json(example.query) : '';
    ui.body.value = example.body === undefined ? '' : json(example.body);
    ui.body.parentElement!.hidden = op.body === undefined; // its label: no body field for an operation without one
    ui.result.replaceChildren();
    ui.note.textContent = from
      ? `Filled from the answer of ${from.from} (the document's links); declared answers: ${op.statuses.join(', ')}`
      : `The document's example request; declared answers: ${op.statuses.join(', ')}`;
  }

  function show(op: ConsoleOperation, x: Exchange) {
    const { request, signing, response } = x;
    const declared = op.statuses.includes(response.status);
    ui.result.replaceChildren(
      ...block('Request', 'request', `${request.method} ${request.url}\n${headerLines(request.headers)}${request.body ? `\n\n${request.body}` : ''}`),
      ...(signing ? [...block('X1 canonical payload', 'payload', signing.payload), ...block('X1 signature (HMAC-SHA256, hex)', 'signature', signing.signature)] : []),
      el('h4', {}, 'Response'),
      el('p', { 'data-tryit': 'status', 'data-declared': String(declared) }, `${response.status} ${response.statusText}${declared ? '' : ' (not declared by the document)'}`),
      el('pre', { 'data-tryit': 'response-headers' }, headerLines(response.headers)),
      el('pre', { 'data-tryit': 'response-body' }, pretty(response.body)),
    );
  }

  async function onSend() {
    const op = current();
    ui.send.disabled = true;
    ui.result.replaceChildren(el('p', { 'data-tryit': 'pending' }, 'Sending…'));
    try {
      const pathParams: Record<string, Scalar> = {};
      for (const input of ui.pathParams.querySelectorAll<HTMLInputElement>('input[data-tryit-path]')) pathParams[input.dataset.tryitPath!] = input.value;
      const credentials: Record<string, string> = {};
      for (const input of ui.credentials.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-tryit-credential]')) credentials[input.dataset.tryitCredential!] = input.value;
      const query = (parseJson(ui.query.value, 'Query') ?? {}) as Record<string, Scalar>;
      const body = op.body === undefined ? undefined : parseJson(ui.body.value, 'Body');
      const x = await send(plan, op, { pathParams, query, body, headers: parseHeaders(ui.headers.value), credentials }, origin);
      show(op, x);
      let parsed: unknown;
      try {
        parsed = JSON.parse(x.response.body);
      } catch {
        parsed = undefined;
      }
      Object.assign(carried, carriedBy(op, x.response.status, parsed));
    } catch (error) {
      ui.result.replaceChildren(el('p', { 'data-tryit': 'error' }, `Not sent: ${error instanceof Error ? error.message : String(error)}`));
    } finally {
      ui.send.disabled = false;
    }
  }

  /** Picks the operation whose anchor the page's hash names, if any. */
  function follow() {
    const hash = decodeURIComponent(window.location.hash.replace(/^#\/?/, ''));
    const op = plan.operations.find((o) => hash === o.anchor || hash.startsWith(`${o.anchor}/`));
    if (op && op.operationId !== ui.operation.value) {
      ui.operation.value = op.operationId;
      fill();
    }
  }

  ui.operation.addEventListener('change', fill);
  ui.send.addEventListener('click', () => void onSend());
  ui.toggle.addEventListener('click', follow);
  window.addEventListener('hashchange', follow);
  fill();
  follow();
}

function pretty(body: string): string {
  try {
    return json(JSON.parse(body));
  } catch {
    return body;
  }
}

const data = document.getElementById('try-it-plan');
if (data?.textContent) start(JSON.parse(data.textContent) as ConsolePlan);
