// `cryptopay-toolkit webhooks listen` as a user runs it: the package's command line in a child
// process, following a real sandbox (in this process, so the child is spawned asynchronously) and
// forwarding to a real receiver; Ctrl-C (SIGINT) ends it with exit code 0 and listen mode off.
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAll, closers, receiver, sandbox, until, verified } from './deliveries-helpers.ts';
import { entryArgs } from './server-process.ts';

afterEach(closeAll);

describe('cryptopay-toolkit webhooks listen', () => {
  it('prints one line per forwarded delivery with the receiver status, forwards the logged bytes, and stops on SIGINT', async () => {
    const s = await sandbox();
    const local = await receiver([200, 500]);
    const child = spawn(process.execPath, [...entryArgs('bin/cli.ts'), 'webhooks', 'listen', '--forward-to', local.url, '--sandbox', s.base], { stdio: ['ignore', 'pipe', 'pipe'] });
    closers.push(async () => void child.kill('SIGKILL'));
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    // The ready line comes once listen mode is on: from then a payment without webhook_url is logged.
    await until(() => out.includes('Forwarding'), 30_000);
    const id = await s.pay();
    await s.advance(6);
    await until(() => local.got.length === 2, 10_000);
    const log = (await s.log({ payment_id: id })).deliveries.reverse();
    expect(log.map((d) => [d.event, d.outcome])).toEqual([['paymentFound', 'held'], ['paymentConfirmed', 'held']]);
    expect(local.got.map((g) => g.raw.toString('latin1'))).toEqual(log.map((d) => d.body));
    expect(verified(local.got[1]!.raw, local.got[1]!.headers['content-type']).payload).toMatchObject({ payment_id: id });

    await until(() => out.split('\n').filter((l) => l.includes(' delivery ')).length === 2, 5000);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(err).toBe('');
    const lines = out.trim().split('\n');
    expect(lines[0]).toBe(`Forwarding demo-merchant's deliveries from ${s.base} to ${local.url} (Ctrl-C to stop)`);
    expect(lines.slice(1).map((l) => l.replace(/\(\d+ ms\)/, '(N ms)'))).toEqual([
      `${log[0]!.at}  paymentFound     payment ${id}   delivery ${log[0]!.id}  -> 200 (N ms)`,
      `${log[1]!.at}  paymentConfirmed payment ${id}   delivery ${log[1]!.id}  -> 500 (N ms)`,
    ]);
    // Listen mode ended with the command: no more held deliveries.
    const later = await s.pay();
    await s.advance(6);
    expect((await s.log({ payment_id: later })).deliveries).toEqual([]);
  }, 60_000);
});
