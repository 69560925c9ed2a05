// The steps of contracts/README.md's guide, read from the guide itself: every fenced block after an
// `<!-- apply: [new] <file> -->` or `<!-- run: <command> -->` comment, in document order. A `new`
// block is a whole file; any other apply block is a diff (` ` context, `-` removed, `+` added)
// whose context and removed lines must occur exactly once in the file.
export type GuideStep =
  | { kind: 'new'; file: string; text: string }
  | { kind: 'diff'; file: string; text: string }
  | { kind: 'run'; command: string };

const MARKER = /^<!-- (apply|run): (.+?) -->\n```[a-z]*\n([\s\S]*?)```$/gm;

export function guideSteps(markdown: string): GuideStep[] {
  return [...markdown.matchAll(MARKER)].map(([, what, arg, text]) => {
    if (what === 'run') return { kind: 'run', command: arg! };
    const isNew = arg!.startsWith('new ');
    return { kind: isNew ? 'new' : 'diff', file: isNew ? arg!.slice(4) : arg!, text: text! };
  });
}

/** `source` with the diff applied; throws when its context does not occur exactly once. */
export function applyDiff(source: string, diff: string, file = 'file'): string {
  const lines = diff.replace(/\n$/, '').split('\n');
  const side = (drop: string) => lines.filter((l) => l[0] !== drop).map((l) => l.slice(1)).join('\n');
  const before = side('+');
  const after = side('-');
  const at = source.indexOf(before);
  if (at < 0 || source.indexOf(before, at + 1) >= 0) {
    throw new Error(`${file}: the guide's diff context ${at < 0 ? 'is not in the file' : 'occurs more than once'}:\n${before}`);
  }
  return source.slice(0, at) + after + source.slice(at + before.length);
}
