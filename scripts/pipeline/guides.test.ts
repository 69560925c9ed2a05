// The guides' Markdown as HTML: every construct the guides use, a whole document compared.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readGuides, renderGuidePage, renderMarkdown } from './guides.ts';

describe('renderMarkdown', () => {
  it('renders headings, paragraphs, lists, tables, code, quotes and inline marks, escaping HTML', () => {
    const md = [
      '# A <guide>', '', 'One paragraph', 'on two lines with `a<b>` and **bold** and [the operator guide](operator.md#redis), [`server/README.md`](../../server/README.md) and [decisions](../decisions.md).', '',
      '- first', '  continued', '- second [site](https://example.com/x)', '', '1. one', '2. two', '',
      '| Name | Value |', '|---|---|', '| `x` | 1 |', '', '> quoted', '> more', '', '```sh', 'npm ci && npm start', '<tag>', '```', '## Next `step`',
    ].join('\n');
    expect(renderMarkdown(md)).toBe([
      '<h1 id="a-guide">A &lt;guide&gt;</h1>',
      '<p>One paragraph on two lines with <code>a&lt;b&gt;</code> and <strong>bold</strong> and <a href="operator#redis">the operator guide</a>, <code>server/README.md</code> (in the repository: <code>server/README.md</code>) and <a href="../decisions.md">decisions</a>.</p>',
      '<ul>\n<li>first continued</li>\n<li>second <a href="https://example.com/x">site</a></li>\n</ul>',
      '<ol>\n<li>one</li>\n<li>two</li>\n</ol>',
      '<table>\n<thead><tr><th>Name</th><th>Value</th></tr></thead>\n<tbody>\n<tr><td><code>x</code></td><td>1</td></tr>\n</tbody>\n</table>',
      '<blockquote><p>quoted more</p></blockquote>',
      '<pre class="language-sh"><code>npm ci &amp;&amp; npm start\n&lt;tag&gt;</code></pre>',
      '<h2 id="next-step">Next <code>step</code></h2>',
    ].join('\n'));
  });
});

describe('readGuides and renderGuidePage', () => {
  it('reads every guide by name with its title, and links each page to the index and the others', () => {
    const dir = mkdtempSync(join(tmpdir(), 'guides-'));
    writeFileSync(join(dir, 'b-two.md'), '# Second\n\ntext\n');
    writeFileSync(join(dir, 'a-one.md'), '# First guide\n');
    writeFileSync(join(dir, 'notes.txt'), 'not a guide');
    const guides = readGuides(dir);
    expect(guides.map((g) => [g.name, g.title])).toEqual([['a-one', 'First guide'], ['b-two', 'Second']]);
    const page = renderGuidePage(guides[1]!, guides);
    expect(page).toContain('<nav><a href="../">All APIs and guides</a> &middot; <a href="a-one">First guide</a> &middot; <b>Second</b></nav>');
    expect(page).toContain('<title>Second</title>');
    expect(page).toContain('<h1 id="second">Second</h1>\n<p>text</p>');
    expect(readGuides(join(dir, 'missing'))).toEqual([]);
  });
});
