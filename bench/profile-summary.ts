// Where the time goes in a `node --cpu-prof` profile (e.g. from `npm run bench -- --profile`,
// written to bench/tmp/profiles/<server>/): busy self time summed per function and per package or
// source folder, and total time (callees included) per function.
// Run: npx tsx bench/profile-summary.ts <file.cpuprofile> [top=25]
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** `express-openapi-validator`, `server/http`, `(node:internal)`, `(program)`... */
export function area(url: string, functionName: string): string {
  if (!url) return `(${functionName || 'anonymous'})`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] as string;
  if (url.startsWith('node:')) return url.split('/').slice(0, url.includes('/deps/') ? 3 : 2).join('/'); // node:internal/deps/undici, node:internal/streams
  const own = /\/(server|client|contracts|tools|scripts|bench|generated)\/(?:([^/]+)\/)?/.exec(url);
  if (own) return own[2] && !own[2].includes('.') ? `${own[1]}/${own[2]}` : (own[1] as string);
  return url;
}

const label = ({ functionName, url, lineNumber }: ProfileNode['callFrame']) =>
  `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(server|client|contracts|tools|bench|scripts)\//, '$1/')}:${lineNumber + 1}`;

export function summarize(profile: Profile, top: number): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  /** Time of the samples with the function anywhere on the stack (each function once per sample). */
  const inclusive = new Map<string, number>();
  const areas = new Map<string, number>();
  let total = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const node = byId.get(id);
    if (!node) return;
    const { functionName, url } = node.callFrame;
    if (functionName === '(idle)') {
      idle += dt; // waiting for I/O: left out so the percentages are of the busy time
      return;
    }
    const fn = label(node.callFrame);
    self.set(fn, (self.get(fn) ?? 0) + dt);
    const onStack = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (frame && frame.url) onStack.add(label(frame));
    }
    for (const f of onStack) inclusive.set(f, (inclusive.get(f) ?? 0) + dt);
    const a = area(url, functionName);
    areas.set(a, (areas.get(a) ?? 0) + dt);
    total += dt;
  });
  const pct = (t: number) => `${((100 * t) / total).toFixed(1).padStart(5)} %`;
  const list = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, t]) => `${pct(t)}  ${k}`);
  return [`busy ${(total / 1e6).toFixed(2)} s, idle ${(idle / 1e6).toFixed(2)} s; percentages of the busy time`, '', 'self time by area:', ...list(areas), '', 'self time by function:', ...list(self), '', 'total time (self and callees) by function:', ...list(inclusive)].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, top = '25'] = process.argv.slice(2);
  if (!file) {
    console.error('usage: npx tsx bench/profile-summary.ts <file.cpuprofile> [top]');
    process.exit(2);
  }
  console.log(summarize(JSON.parse(readFileSync(file, 'utf8')) as Profile, Number(top)));
}
