// Running the generated Arazzo flows (generated/arazzo/<api>.arazzo.yaml) with Redocly's Arazzo
// runner, `redocly respect`, against a server: each source description pointed at the server's
// base path for it, the credentials given as workflow inputs. A failing flow names its step in
// Respect's output ("stepId - createPayment"). The exchange's flows need X1 signatures, which
// Respect cannot compute: they are not run here.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Credentials } from '../../tools/contract/credentials.ts';
import { SANDBOX_CREDENTIALS } from '../../tools/contract/credentials.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const redocly = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

/** The APIs whose flows a generic Arazzo runner can run (Basic and Bearer credentials). */
export const RESPECT_APIS = ['merchant', 'partner'] as const;

const BASE_PATHS = { merchant: '/merchant/v2', partner: '/partner/v1', sandbox: '/sandbox/v1' };

export interface RespectResult {
  code: number;
  output: string;
  /** The steps Respect reports failed (`stepId - <id>` under "Failed tests info"). */
  failedSteps: string[];
}

/** Runs `redocly respect` on the flows of `apis` against `baseUrl` (a server with the sandbox control API). */
export function runRespect(baseUrl: string, apis: readonly (typeof RESPECT_APIS)[number][] = RESPECT_APIS, credentials: Credentials = SANDBOX_CREDENTIALS): Promise<RespectResult> {
  const base = baseUrl.replace(/\/+$/, '');
  const servers = Object.entries(BASE_PATHS).flatMap(([name, path]) => ['--server', `${name}=${base}${path}`]);
  const { key, secret } = credentials.merchant.key;
  const bearer = credentials.partner.bearer ?? '';
  const inputs = ['merchant_key', key, 'merchant_secret', secret, 'partner_bearer', bearer];
  const args = [
    redocly, 'respect', ...apis.map((a) => join('generated', 'arazzo', `${a}.arazzo.yaml`)), ...servers,
    ...inputs.flatMap((v, i) => (i % 2 === 0 ? ['-i', `${v}=${inputs[i + 1]}`] : [])),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => {
      output = output.replace(/\u001b\[[0-9;]*m/g, '');
      const failedInfo = output.slice(output.indexOf('Failed tests info'));
      const failedSteps = output.includes('Failed tests info') ? [...failedInfo.matchAll(/stepId - (\S+)/g)].map((m) => m[1]!) : [];
      resolve({ code: code ?? 1, output, failedSteps });
    });
  });
}
