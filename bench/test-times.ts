// Where `npm test` spends its time, from Vitest's JSON report:
//   npx vitest run --reporter=default --reporter=json --outputFile.json=tmp/tests.json
//   npx tsx bench/test-times.ts tmp/tests.json [top=12]
// Prints the sum of the per-file durations (the run's time with one worker), the span from the
// first file's start to the last file's end (the wall time of the files, workers in parallel),
// the longest file (no run can be shorter), and the slowest files.
import { readFileSync } from 'node:fs';

interface Report {
  numTotalTests: number;
  numFailedTests: number;
  testResults: { name: string; startTime: number; endTime: number; status: string }[];
}

export interface TestTimes {
  files: number;
  tests: number;
  failed: number;
  sumSeconds: number;
  spanSeconds: number;
  longest: { file: string; seconds: number };
  slowest: { file: string; seconds: number }[];
}

export function testTimes(report: Report, root: string, top = 12): TestTimes {
  const files = report.testResults.map((r) => ({ file: r.name.startsWith(root) ? r.name.slice(root.length + 1) : r.name, seconds: (r.endTime - r.startTime) / 1000, start: r.startTime, end: r.endTime }));
  const slowest = [...files].sort((a, b) => b.seconds - a.seconds).map(({ file, seconds }) => ({ file, seconds }));
  return {
    files: files.length,
    tests: report.numTotalTests,
    failed: report.numFailedTests,
    sumSeconds: files.reduce((s, f) => s + f.seconds, 0),
    spanSeconds: (Math.max(...files.map((f) => f.end)) - Math.min(...files.map((f) => f.start))) / 1000,
    longest: slowest[0] ?? { file: '', seconds: 0 },
    slowest: slowest.slice(0, top),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, top] = process.argv.slice(2);
  if (!file) throw new Error('usage: npx tsx bench/test-times.ts <vitest json report> [top]');
  const t = testTimes(JSON.parse(readFileSync(file, 'utf8')) as Report, process.cwd(), Number(top ?? 12));
  console.log(`${t.files} files, ${t.tests} tests (${t.failed} failed)`);
  console.log(`sum of per-file durations ${t.sumSeconds.toFixed(1)} s; span of the files ${t.spanSeconds.toFixed(1)} s; longest file ${t.longest.seconds.toFixed(1)} s (${t.longest.file})`);
  for (const s of t.slowest) console.log(`  ${s.seconds.toFixed(1).padStart(6)} s  ${s.file}`);
}
