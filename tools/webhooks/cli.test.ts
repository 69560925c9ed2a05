// The `webhooks` commands through the package's command line (bin/cli.ts, a child process), against
// receivers running in this process (so the child is spawned asynchronously).
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startReceiver, type RunningReceiver } from './receivers.test-helpers.ts';
import type { ReceiverReport } from './receiver-test.ts';
import { webhooksCli } from './cli.ts';
import { entryArgs } from '../../test/server-process.ts';

const receivers: RunningReceiver[] = [];
afterEach(async () => void (await Promise.all(receivers.splice(0).map((r) => r.close()))));

const cli = (...args: string[]) =>
  new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    execFile(process.execPath, [...entryArgs('bin/cli.ts'), 'webhooks', ...args], { encoding: 'utf8' }, (error, out, err) =>
      resolve({ code: error ? (error.code as number) : 0, out, err }));
  });

describe('cryptopay-toolkit webhooks', () => {
  it('lists trigger, test, listen and replay, and each has its usage', async () => {
    // Four independent processes, run side by side.
    const [help, trigger, testHelp, bad] = await Promise.all([cli('--help'), cli('trigger', '--help'), cli('test', '--help'), cli('tail')]);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Usage: cryptopay-toolkit webhooks <trigger\|test\|listen\|replay> \[options\]\n/);
    expect(trigger.out).toMatch(/^Usage: cryptopay-toolkit webhooks trigger <event> --to URL \[options\]/);
    expect(testHelp.out).toMatch(/^Usage: cryptopay-toolkit webhooks test --url URL --secret S \[options\]/);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^unknown subcommand "tail"/);
  }, 60_000);

  it('listen and replay: usage, and exit 2 with the reason on a usage error or an unreachable sandbox (in process)', async () => {
    const run = async (...args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const [o, e] = [process.stdout.write, process.stderr.write];
      process.stdout.write = ((c: string) => (out.push(c), true)) as typeof process.stdout.write;
      process.stderr.write = ((c: string) => (err.push(c), true)) as typeof process.stderr.write;
      try {
        return { code: await webhooksCli(args), out: out.join(''), err: err.join('') };
      } finally {
        [process.stdout.write, process.stderr.write] = [o, e];
      }
    };
    expect((await run('listen', '--help')).out).toMatch(/^Usage: cryptopay-toolkit webhooks listen --forward-to URL \[options\]/);
    expect((await run('replay', '--help')).out).toMatch(/^Usage: cryptopay-toolkit webhooks replay <delivery id> \[--to URL\] \[options\]/);
    const noTarget = await run('listen', '--to', 'http://127.0.0.1:1/');
    expect([noTarget.code, noTarget.err.split('\n')[0]]).toEqual([2, 'cryptopay-toolkit webhooks listen: unknown option --to (--help for usage)']);
    const noId = await run('replay', 'twelve');
    expect([noId.code, noId.err.split('\n')[0]]).toEqual([2, 'cryptopay-toolkit webhooks replay: give one delivery id (a positive integer) (--help for usage)']);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const noSandbox = await run('replay', '1', '--sandbox', `http://127.0.0.1:${port}`);
    expect(noSandbox.code).toBe(2);
    expect(noSandbox.err).toMatch(/^cryptopay-toolkit webhooks replay: fetch failed \(.*ECONNREFUSED/);
  });

  it('test: exit 0 and the text report for webhookHandler; exit 1 and a JSON report naming the bug of a planted receiver', async () => {
    const good = await startReceiver('webhookHandler', 'demo-signing-secret');
    const bad = await startReceiver('no-timestamp-window', 'demo-signing-secret');
    receivers.push(good, bad);
    const pass = await cli('test', '--url', good.url, '--secret', 'demo-signing-secret', '--encoding', 'form', '--probe', good.probe);
    expect(pass.code).toBe(0);
    expect(pass.out).toContain(`Receiver test of ${good.url} (form bodies; effects from ${good.probe})`);
    expect(pass.out).toContain('16 cases: 16 passed, 0 failed, 0 not observed\nNo receiver bug found.');
    const fail = await cli('test', '--url', bad.url, '--secret', 'demo-signing-secret', '--probe', bad.probe, '--json');
    expect(fail.code).toBe(1);
    const report = JSON.parse(fail.out) as ReceiverReport;
    expect(report.summary).toEqual({ passed: 14, failed: 2, notObserved: 0 });
    expect(report.bugs.map((b) => [b.bug, b.cases])).toEqual([['no-timestamp-window', ['expired', 'future']]]);
  }, 60_000);

  it('test: exit 2 on a usage error or an unreachable receiver; trigger sends through the CLI', async () => {
    expect((await cli('test', '--url', 'http://127.0.0.1:9/')).err).toContain('--url and --secret are required');
    const closed = await startReceiver('webhookHandler', 's');
    await closed.close(); // a port nothing listens on now
    const down = await cli('test', '--url', closed.url, '--secret', 's');
    expect(down.code).toBe(2);
    expect(down.err).toMatch(/^cryptopay-toolkit webhooks test: fetch failed \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)/);
    const r = await startReceiver('webhookHandler', 'demo-signing-secret');
    receivers.push(r);
    const sent = await cli('trigger', 'refundProcessed', '--to', r.url, '--set', 'status=problem');
    expect(sent.code).toBe(0);
    expect(r.events.map((e) => [e.type, (e.payload as { status: string }).status])).toEqual([['refund', 'problem']]);
  }, 60_000);
});
