// The published documents pass two linters with their stock rule sets, unmodified: Spectral's
// `spectral:oas` and Redocly's `recommended`, with zero errors and zero warnings. Each runs on a
// config written to a scratch directory (extends the stock set, nothing else), so neither the
// project's .spectral.yaml (which adds the OWASP rules) nor redocly.yaml can soften a rule here.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const root = join(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'stock-linters-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const DOCUMENTS = ['exchange', 'merchant', 'partner', 'sandbox'].map((api) => join(root, 'generated/openapi', `${api}.yaml`));
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

describe('stock linters, unmodified rule sets', () => {
  it('Spectral spectral:oas: no error, no warning on any document', async () => {
    const ruleset = join(scratch, 'spectral.yaml');
    writeFileSync(ruleset, 'extends: ["spectral:oas"]\n');
    const bin = join(dirname(require.resolve('@stoplight/spectral-cli/package.json')), 'dist', 'index.js');
    const { stdout } = await run(process.execPath, [bin, 'lint', '-q', '-f', 'json', '--fail-severity', 'hint', '--ruleset', ruleset, ...DOCUMENTS], { cwd: scratch, env });
    expect(JSON.parse(stdout)).toEqual([]);
  }, 120_000);

  it.each(DOCUMENTS)('Redocly recommended: no error, no warning on %s', async (document) => {
    const config = join(scratch, 'redocly.yaml');
    writeFileSync(config, 'extends:\n  - recommended\n');
    const bin = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
    const { stdout } = await run(process.execPath, [bin, 'lint', '--config', config, '--format', 'json', document], { cwd: scratch, env });
    const result = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
    expect(result.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(result.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 120_000);
});
