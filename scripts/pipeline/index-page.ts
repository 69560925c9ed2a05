// docs/index.html: the landing page. Each API with version, base path and auth in a paragraph,
// its sandbox credentials (from the server's defaults), links to its reference, YAML and
// decisions; and a quick start: start the sandbox, make a first signed call with the client and
// with curl. Links are relative: the server answers /docs with a redirect to /docs/, so they
// resolve under /docs/ wherever the docs are mounted.
import type { Guide } from './guides.ts';
import { SIGNATURE_TEST_VECTORS } from '../../contracts/exchange/signing.ts';
import type { AnyContract as ApiContract, DocumentId } from '../../contracts/shared/contract.ts';
import { clientSetup } from './code-samples.ts';
import { EXAMPLE_NONCE, signedCurlOneLiner } from './exchange-signing.ts';
import { htmlHeader } from './header.ts';
import { SAMPLE_KEYS, SANDBOX_ORIGIN, sandboxCredentials } from './sandbox.ts';

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
/** Inline Markdown code spans to <code>, the rest escaped. */
const inline = (s: string) => escape(s).replace(/`([^`]+)`/g, '<code>$1</code>');

/** Auth in one paragraph per API; the schemes it names are checked against the contract. */
const AUTH: Record<DocumentId, { schemes: string[]; text: (c: ApiContract) => string; guide?: [string, string] }> = {
  exchange: {
    schemes: ['AccessKey', 'Nonce', 'Signature'],
    text: () =>
      'Public exchange and market data need no credentials. Account and trading calls are signed: `access_key`, ' +
      '`nonce` (milliseconds since the epoch, within 30 s of server time, used once) and `signature` travel in the URL ' +
      'query, the signature being the lower-case hex HMAC-SHA256 of `METHOD|PATH|QUERY` keyed with the secret (decision X1). ' +
      'Trading calls also need a key with the trade scope. The TypeScript client signs for you.',
    guide: ['/section/signing-step-by-step', 'Signing, step by step'],
  },
  merchant: {
    schemes: ['BasicAuth'],
    text: () =>
      'HTTP Basic on every request: `Authorization: Basic base64(API_KEY:API_SECRET)`. Sandbox keys act on simulated ' +
      'payments that become paid and confirmed on their own (decision M2). Creating refunds needs the Refund Create ' +
      'permission. The webhooks the API sends you are signed with HMAC-SHA256 of `<t>.<data>` (decision M3).',
    guide: ['/section/verifying-webhooks', 'Verifying webhooks'],
  },
  partner: {
    schemes: ['BasicAuth', 'BearerAuth'],
    text: () =>
      'Either `Authorization: Bearer <API_KEY>` or `Authorization: Basic base64(key:secret)`; both are accepted on every ' +
      'operation (decision P1). A missing or wrong credential answers 401 with code `1001`.',
  },
  sandbox: {
    schemes: ['SandboxBasic'],
    text: () =>
      'Served only by a sandbox (decision S-where). No credentials from the machine it runs on; from elsewhere, HTTP Basic ' +
      'with a sandbox merchant key (S-access). Resets, the test clock (`POST /clock/advance`) and the rate-limit exemption for test runs.',
  },
};

function authParagraph(c: ApiContract): string {
  const auth = AUTH[c.id];
  const declared = Object.keys(c.securitySchemes).sort();
  if (declared.join() !== [...auth.schemes].sort().join()) {
    throw new Error(`index page: ${c.id} declares security schemes ${declared.join(', ')}; update its auth paragraph (expected ${auth.schemes.join(', ')})`);
  }
  const guide = auth.guide ? ` See <a href="${c.id}#${auth.guide[0]}">${escape(auth.guide[1])}</a>.` : '';
  return `<p><strong>Auth.</strong> ${inline(auth.text(c))}${guide}</p>`;
}

function apiSection(c: ApiContract, lastChange?: string): string {
  const ops = Object.keys(c.operations).length;
  const hooks = Object.keys(c.webhooks ?? {}).length;
  const rows = sandboxCredentials(c.id)
    .map((r) => `        <tr><td>${inline(r.credentials)}</td><td>${inline(r.notes)}</td></tr>`)
    .join('\n');
  return `  <section id="${c.id}">
    <h2><a href="${c.id}">${escape(c.title)}</a> <small>v${escape(c.version)}</small></h2>
    <p>Base path <code>${escape(c.basePath)}</code> (sandbox: <code>${escape(SANDBOX_ORIGIN + c.basePath)}</code>) &middot;
      ${ops} operations${hooks > 0 ? ` and ${hooks} webhooks` : ''}</p>${lastChange === undefined ? '' : `
    <p class="version">Version ${escape(c.version)} &middot; last change: ${escape(lastChange)} &middot; <a href="${c.id}#/section/changes">Changes</a></p>`}
    ${authParagraph(c)}
    <table>
      <thead><tr><th>Sandbox credentials</th><th>Notes</th></tr></thead>
      <tbody>
${rows}
      </tbody>
    </table>
    <p class="links"><a href="${c.id}">API reference</a> &middot; <a href="../openapi/${c.id}.yaml">OpenAPI document (YAML)</a> &middot;
      <a href="../openapi/${c.id}.json">(JSON)</a> &middot;
      <a href="${c.id}#/section/decisions-on-what-the-document-leaves-open">Decisions</a></p>
  </section>`;
}

function quickStart(exchange: ApiContract): string {
  const ctx = { origin: SANDBOX_ORIGIN, basePath: exchange.basePath, accessKey: SAMPLE_KEYS.exchange.accessKey, secret: SAMPLE_KEYS.exchange.secretKey };
  const vector = SIGNATURE_TEST_VECTORS[0]!;
  const ts = `${clientSetup('exchange', exchange.basePath)}\n\nconst { data, error } = await ex.GET('/balances');\nif (error) throw new Error(JSON.stringify(error));\nconsole.log(data); // one balance per currency`;
  return `  <section id="quick-start">
    <h2>Quick start</h2>
    <ol>
      <li><p>Start the sandbox, the reference server with its demo credentials:</p>
        <pre><code>npm ci &amp;&amp; npm start</code></pre>
        <p>It serves the three APIs at <code>${escape(SANDBOX_ORIGIN)}</code> and these pages at <code>${escape(SANDBOX_ORIGIN)}/docs/</code>.</p></li>
      <li><p>Make a first signed call with the TypeScript client, which signs every authenticated call:</p>
        <pre><code>${escape(ts)}</code></pre></li>
      <li><p>Or with curl, computing the signature with openssl:</p>
        <pre class="wrap"><code>${escape(signedCurlOneLiner('/balances', ctx))}</code></pre>
        <p>To check your own signing code: the payload <code>${escape(vector.payload)}</code> (nonce ${EXAMPLE_NONCE}) signed with
          <code>${escape(ctx.secret)}</code> gives <code>${escape(vector.signature)}</code>.</p></li>
    </ol>
  </section>`;
}

/** `lastChanges`: per API, one line on its newest change (from the changelog). */
/** The guides, by title: what to read besides the references. */
function guidesSection(guides: readonly Pick<Guide, 'name' | 'title'>[]): string {
  if (guides.length === 0) return '';
  return `  <section id="guides">
    <h2>Guides</h2>
    <ul>
${guides.map((g) => `      <li><a href="guides/${g.name}">${escape(g.title)}</a></li>`).join('\n')}
    </ul>
  </section>
`;
}

/** `guides`: the pages of docs/guides (guides.ts), listed after the quick start. */
export function renderIndexPage(contracts: readonly ApiContract[], lastChanges?: Partial<Record<DocumentId, string>>, guides: readonly Pick<Guide, 'name' | 'title'>[] = []): string {
  const exchange = contracts.find((c) => c.id === 'exchange');
  return `<!DOCTYPE html>
${htmlHeader()}<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>Crypto payments platform APIs</title>
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <style>
    body{font-family:system-ui,sans-serif;max-width:56rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1d1d1f}
    h1{margin-bottom:.25rem} h2{margin-top:2.5rem;border-bottom:1px solid #ddd;padding-bottom:.25rem} h2 small{color:#666;font-weight:normal}
    code{background:#f4f4f4;padding:.1rem .3rem;border-radius:3px;font-size:.9em}
    pre{background:#f4f4f4;padding:.75rem 1rem;border-radius:4px;overflow-x:auto} pre code{padding:0;background:none}
    pre.wrap{white-space:pre-wrap;word-break:break-all}
    table{border-collapse:collapse;width:100%;margin:.5rem 0} th,td{border:1px solid #ddd;padding:.35rem .5rem;text-align:left;vertical-align:top}
    th{background:#fafafa} .links{font-weight:500} a{color:#1a5fb4}
  </style>
</head>
<body>
  <h1>Crypto payments platform APIs</h1>
  <p>Three JSON-over-HTTP APIs, each described by an OpenAPI 3.1 document generated from its Zod contract. Every
    operation of the references below has a TypeScript sample using the typed clients and a curl sample, and the
    sandbox answers all of them. Each reference page has a <b>Try it</b> console: pick an operation, and the page
    sends its example request to the sandbox serving it, with the sandbox credentials filled in (exchange calls
    signed in the page, the canonical payload and signature shown beside the request), and shows the answer's
    status, headers and body. The decisions taken where the source documents leave gaps are listed in
    <a href="decisions.md">decisions</a> and in each reference.</p>
  <main>
${exchange ? `${quickStart(exchange)}\n` : ''}${guidesSection(guides)}${contracts.map((c) => apiSection(c, lastChanges?.[c.id])).join('\n')}
  </main>
</body>
</html>
`;
}
