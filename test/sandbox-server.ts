// For the sandbox control API's test files: a server with the control API on (in process, on a
// free loopback port), closed after each test of the file that calls `sandboxServers()`.
import { afterEach } from 'vitest';
import { createSandboxClient } from '../client/sandbox.ts';
import { startServer } from './contract-fixtures.ts';

/**
 * Registers the closing hook. `start` starts one server (its URL and a control client); `closeAfter`
 * adds anything else a test opened (a webhook receiver) to what is closed after it, newest first.
 */
export function sandboxServers() {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (closers.length) await closers.pop()!();
  });
  return {
    closeAfter: (close: () => Promise<void>) => void closers.push(close),
    start: async (): Promise<{ base: string; control: ReturnType<typeof createSandboxClient> }> => {
      const server = await startServer({ config: { sandbox: { controlApi: true } } });
      closers.push(server.close);
      return { base: server.baseUrl, control: createSandboxClient({ baseUrl: server.baseUrl }) };
    },
  };
}
