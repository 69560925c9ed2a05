// docs/index.html: the landing page linking the three API references.
import type { ApiContract } from '../../contracts/shared/contract.ts';
import { htmlHeader } from './header.ts';

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export function renderIndexPage(contracts: readonly ApiContract[]): string {
  const items = contracts
    .map(
      (c) => `    <section>
      <h2><a href="./${c.id}">${escape(c.title)}</a> <small>v${escape(c.version)}</small></h2>
      <p>Base path <code>${escape(c.basePath)}</code> &middot; ${Object.keys(c.operations).length} operations &middot; <a href="../openapi/${c.id}.yaml">OpenAPI document</a></p>
    </section>`,
    )
    .join('\n');
  return `<!DOCTYPE html>
${htmlHeader()}<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>Crypto payments platform APIs</title>
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <style>body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;line-height:1.5}code,pre{background:#f4f4f4;padding:.1rem .3rem}</style>
</head>
<body>
  <h1>Crypto payments platform APIs</h1>
  <main>
${items}
  </main>
</body>
</html>
`;
}
