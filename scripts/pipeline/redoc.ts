// OpenAPI YAML -> self-contained Redoc HTML (Redoc bundle inlined: no request to another host).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { htmlHeader } from './header.ts';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const redoclyBin = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

export async function renderRedoc(yaml: string, title: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'redoc-'));
  try {
    const input = join(dir, 'api.yaml');
    const output = join(dir, 'api.html');
    await writeFile(input, yaml);
    await run(process.execPath, [redoclyBin, 'build-docs', input, '-o', output, '--inlineBundle', '--title', title], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const html = await readFile(output, 'utf8');
    return html.replace(/^<!DOCTYPE html>\n?/i, `<!DOCTYPE html>\n${htmlHeader()}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
