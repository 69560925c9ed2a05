// The try-it panel's DOM: a "Try it" button fixed on the page opens a drawer with the operation
// picker, the credentials, the request (path parameters, query, body, extra headers) and, after
// Send, the request as sent, the X1 canonical payload and signature, and the response's status,
// headers and body. Every element the browser test reads carries a `data-tryit` name.
import type { ConsolePlan } from './types.ts';

const CSS = `
#try-it-toggle{position:fixed;right:16px;bottom:16px;z-index:1000;padding:10px 16px;border:0;border-radius:4px;background:#0044d4;color:#fff;font:600 14px sans-serif;cursor:pointer}
#try-it{position:fixed;top:0;right:0;bottom:0;width:min(560px,100vw);z-index:1001;overflow:auto;background:#fff;color:#222;border-left:1px solid #ccc;box-shadow:-4px 0 12px rgba(0,0,0,.15);padding:12px 16px;font:13px sans-serif;box-sizing:border-box}
#try-it[hidden]{display:none}
#try-it header{display:flex;justify-content:space-between;align-items:center;font-weight:600;font-size:15px}
#try-it label{display:block;margin:8px 0 2px;font-weight:600}
#try-it input,#try-it select,#try-it textarea{width:100%;box-sizing:border-box;font:12px monospace;padding:4px}
#try-it textarea{min-height:64px}
#try-it fieldset{border:1px solid #ddd;margin:8px 0;padding:4px 8px}
#try-it pre{background:#f4f4f4;padding:6px;white-space:pre-wrap;word-break:break-all;font:12px monospace;margin:4px 0}
#try-it h4{margin:12px 0 2px}
#try-it .send{margin-top:10px;padding:8px 20px;border:0;border-radius:4px;background:#0044d4;color:#fff;font-weight:600;cursor:pointer}
`;

type Attrs = Record<string, string>;

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

export interface PanelParts {
  root: HTMLElement;
  toggle: HTMLButtonElement;
  operation: HTMLSelectElement;
  credentials: HTMLFieldSetElement;
  pathParams: HTMLFieldSetElement;
  query: HTMLTextAreaElement;
  body: HTMLTextAreaElement;
  headers: HTMLTextAreaElement;
  note: HTMLElement;
  send: HTMLButtonElement;
  result: HTMLElement;
}

const CREDENTIAL_LABELS: Record<string, string> = {
  accessKey: 'Access key', secretKey: 'Secret key (signs in this page)', username: 'Basic user', password: 'Basic password', bearer: 'Bearer key',
};

function credentialFields(plan: ConsolePlan): HTMLFieldSetElement {
  const set = el('fieldset', {}, el('legend', {}, plan.auth === 'x1' ? 'Credentials (X1 signing)' : 'Credentials'));
  if (plan.auth === 'bearer-or-basic') {
    const scheme = el('select', { 'data-tryit-credential': 'scheme' }, el('option', { value: 'bearer' }, 'Bearer'), el('option', { value: 'basic' }, 'Basic'));
    set.append(el('label', {}, 'Scheme', scheme));
  }
  for (const [name, value] of Object.entries(plan.credentials)) {
    const input = el('input', { 'data-tryit-credential': name, value, autocomplete: 'off', spellcheck: 'false' });
    set.append(el('label', {}, CREDENTIAL_LABELS[name] ?? name, input));
  }
  if (plan.auth === 'sandbox') set.append(el('small', {}, 'Empty from this machine (loopback); a sandbox merchant key elsewhere.'));
  return set;
}

export function buildPanel(plan: ConsolePlan, origin: string): PanelParts {
  document.head.append(el('style', {}, CSS));
  const operation = el('select', { 'data-tryit': 'operation' });
  for (const op of plan.operations) operation.append(el('option', { value: op.operationId }, `${op.method} ${op.pathTemplate} (${op.summary})`));
  const toggle = el('button', { id: 'try-it-toggle', type: 'button', 'data-tryit': 'toggle' }, 'Try it');
  const close = el('button', { type: 'button', 'aria-label': 'Close' }, '×');
  const parts = {
    toggle,
    operation,
    credentials: credentialFields(plan),
    pathParams: el('fieldset', { 'data-tryit': 'path' }),
    query: el('textarea', { 'data-tryit': 'query', spellcheck: 'false' }),
    body: el('textarea', { 'data-tryit': 'body', spellcheck: 'false', rows: '8' }),
    headers: el('textarea', { 'data-tryit': 'headers', spellcheck: 'false', placeholder: 'Prefer: code=404' }),
    note: el('p', { 'data-tryit': 'note' }),
    send: el('button', { type: 'button', class: 'send', 'data-tryit': 'send' }, 'Send'),
    result: el('section', { 'data-tryit': 'result' }),
  };
  const root = el(
    'aside', { id: 'try-it', hidden: '', 'aria-label': 'Try it' },
    el('header', {}, el('span', {}, `Try it: ${plan.title}, sandbox at ${origin}${plan.basePath}`), close),
    el('label', {}, 'Operation', operation),
    parts.credentials,
    parts.pathParams,
    el('label', {}, 'Query parameters (JSON)', parts.query),
    el('label', {}, 'Body (JSON)', parts.body),
    el('label', {}, 'Extra headers (Name: value, one per line)', parts.headers),
    parts.note,
    parts.send,
    parts.result,
  );
  toggle.addEventListener('click', () => (root.hidden = !root.hidden));
  close.addEventListener('click', () => (root.hidden = true));
  document.body.append(toggle, root);
  return { root, ...parts };
}

/** `<h4>title</h4><pre data-tryit=name>text</pre>` */
export const block = (title: string, name: string, text: string) => [el('h4', {}, title), el('pre', { 'data-tryit': name }, text)];
