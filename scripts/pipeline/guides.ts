// The guides (docs/guides/*.md, written by hand) as pages beside the API references:
// docs/guides/<name>.html, served at /docs/guides/<name> and listed on the docs index. The
// Markdown they use is small (headings, paragraphs, lists, tables, fenced code, quotes, inline
// code, bold, links), so it is rendered here: no dependency, and the output depends only on the text.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { htmlHeader } from './header.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const GUIDES_DIR = join(ROOT, 'docs', 'guides');

export interface Guide {
  /** The file name without `.md`: the page is /docs/guides/<name>. */
  name: string;
  /** Its first `# ` heading. */
  title: string;
  markdown: string;
}

/** Every guide, by name. */
export function readGuides(dir = GUIDES_DIR): Guide[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => /^[a-z0-9-]+\.md$/.test(f)).sort();
  } catch {
    return [];
  }
  return names.map((file) => {
    const markdown = readFileSync(join(dir, file), 'utf8');
    return { name: file.slice(0, -3), title: /^# (.+)$/m.exec(markdown)?.[1]?.trim() ?? file.slice(0, -3), markdown };
  });
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A link target as served: another guide `x.md` is the page `x`; anything else stays as written. */
const href = (url: string) => url.replace(/^([a-z0-9-]+)\.md(#.*)?$/, '$1$2');

/** A repository file outside docs/ (`../../server/README.md`): not served, so named as its path, not linked. */
const outsideDocs = (url: string) => url.startsWith('../../');

/** Plain text with **bold**. */
const marks = (text: string) => escape(text).replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');

/** Inline Markdown of one line of text: [links](url) (their labels may hold code), `code`, **bold**. */
export function inline(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(/\[((?:[^\]`]|`[^`]*`)+)\]\(([^)\s]+)\)|`([^`]+)`/g)) {
    out += marks(text.slice(last, m.index));
    last = m.index + m[0].length;
    if (m[3] !== undefined) {
      out += `<code>${escape(m[3])}</code>`;
      continue;
    }
    const label = inline(m[1]!);
    const url = m[2]!;
    out += outsideDocs(url) ? `${label} (in the repository: <code>${escape(url.slice(6))}</code>)` : `<a href="${escape(href(url))}">${label}</a>`;
  }
  return out + marks(text.slice(last));
}

const slug = (heading: string) => heading.toLowerCase().replace(/`/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const cells = (row: string) => row.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());

/** The body HTML of a guide's Markdown. */
export function renderMarkdown(markdown: string): string {
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const out: string[] = [];
  let i = 0;
  const until = (stop: (line: string) => boolean) => {
    const taken: string[] = [];
    while (i < lines.length && !stop(lines[i]!)) taken.push(lines[i++]!);
    return taken;
  };
  const blank = (l: string) => l.trim() === '';
  const startsBlock = (l: string) => /^(#{1,6} |```|\s*[-*] |\s*\d+\. |\||> )/.test(l);
  while (i < lines.length) {
    const line = lines[i]!;
    if (blank(line)) {
      i++;
    } else if (line.startsWith('```')) {
      const lang = line.slice(3).trim();
      i++;
      const code = until((l) => l.startsWith('```'));
      i++;
      out.push(`<pre${lang ? ` class="language-${escape(lang)}"` : ''}><code>${escape(code.join('\n'))}</code></pre>`);
    } else if (/^#{1,6} /.test(line)) {
      const level = line.indexOf(' ');
      const text = line.slice(level + 1).trim();
      out.push(`<h${level} id="${slug(text)}">${inline(text)}</h${level}>`);
      i++;
    } else if (line.startsWith('|')) {
      const rows = until((l) => !l.startsWith('|'));
      const [head, , ...body] = rows;
      out.push(
        `<table>\n<thead><tr>${cells(head!).map((c) => `<th>${inline(c)}</th>`).join('')}</tr></thead>\n<tbody>\n` +
          body.map((r) => `<tr>${cells(r).map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`).join('\n') +
          '\n</tbody>\n</table>',
      );
    } else if (line.startsWith('> ')) {
      const quoted = until((l) => !l.startsWith('>')).map((l) => l.replace(/^> ?/, ''));
      out.push(`<blockquote><p>${inline(quoted.join(' '))}</p></blockquote>`);
    } else if (/^\s*([-*]|\d+\.) /.test(line)) {
      const ordered = /^\s*\d+\. /.test(line);
      const items: string[] = [];
      while (i < lines.length && /^\s*([-*]|\d+\.) /.test(lines[i]!)) {
        let item = lines[i++]!.replace(/^\s*([-*]|\d+\.) /, '');
        // Continuation lines are indented.
        while (i < lines.length && /^\s{2,}\S/.test(lines[i]!) && !/^\s*([-*]|\d+\.) /.test(lines[i]!)) item += ` ${lines[i++]!.trim()}`;
        items.push(`<li>${inline(item)}</li>`);
      }
      const tag = ordered ? 'ol' : 'ul';
      out.push(`<${tag}>\n${items.join('\n')}\n</${tag}>`);
    } else {
      i++;
      const para = [line, ...until((l) => blank(l) || startsBlock(l))];
      out.push(`<p>${inline(para.map((l) => l.trim()).join(' '))}</p>`);
    }
  }
  return out.join('\n');
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:56rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1d1d1f}
    h2{margin-top:2rem;border-bottom:1px solid #ddd;padding-bottom:.25rem}
    code{background:#f4f4f4;padding:.1rem .3rem;border-radius:3px;font-size:.9em}
    pre{background:#f4f4f4;padding:.75rem 1rem;border-radius:4px;white-space:pre-wrap;overflow-wrap:anywhere} pre code{padding:0;background:none}
    table{border-collapse:collapse;width:100%;margin:.5rem 0} th,td{border:1px solid #ddd;padding:.35rem .5rem;text-align:left;vertical-align:top}
    th{background:#fafafa} a{color:#1a5fb4} blockquote{margin:0;padding:0 1rem;border-left:3px solid #ddd;color:#444}`;

/** The page of one guide, with a way back to the index and to the other guides. */
export function renderGuidePage(guide: Guide, all: readonly Guide[]): string {
  const others = all.map((g) => (g.name === guide.name ? `<b>${escape(g.title)}</b>` : `<a href="${g.name}">${escape(g.title)}</a>`)).join(' &middot; ');
  return `<!DOCTYPE html>
${htmlHeader()}<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>${escape(guide.title)}</title>
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <style>
    ${STYLE}
  </style>
</head>
<body>
  <nav><a href="../">All APIs and guides</a> &middot; ${others}</nav>
  <main>
${renderMarkdown(guide.markdown)}
  </main>
</body>
</html>
`;
}
