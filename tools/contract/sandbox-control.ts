// Recognising a sandbox by its control API (/sandbox/v1) and lifting its rate limits for a run: a
// default `npm start` limits each client to 60-120 requests a minute, which would make a run wait
// for minutes. The previous setting is put back when the run ends, fails or is interrupted. A
// deployment without the control API (any answer but the documented 200) is left as it is.
import type { Credentials } from './credentials.ts';

export const CONTROL_BASE_PATH = '/sandbox/v1';

/** What the runner found: the control API's root URL, and how to put the rate limits back. */
export interface SandboxSession {
  controlUrl: string;
  /** The exemption was off before the run and the runner turned it on. */
  lifted: boolean;
  restore: () => Promise<void>;
}

const basic = (c: Credentials) => `Basic ${Buffer.from(`${c.merchant.key.key}:${c.merchant.key.secret}`).toString('base64')}`;

/**
 * The sandbox's control API, or undefined when `baseUrl` has none. Calls go without credentials
 * first: the rate-limit exemption is the machine's (loopback, no credentials; a merchant key gets
 * 401 1003 for it). Where that is refused (a sandbox on another host), with the merchant key.
 */
export async function detectSandbox(
  baseUrl: string,
  credentials: Credentials,
  fetchFn: typeof fetch = fetch,
): Promise<{ controlUrl: string; call: (method: string, path: string, body?: unknown, timeoutMs?: number) => Promise<Response> } | undefined> {
  const controlUrl = `${baseUrl.replace(/\/+$/, '')}${CONTROL_BASE_PATH}`;
  const callAs = (auth: boolean) => (method: string, path: string, body?: unknown, timeoutMs = 5000) =>
    fetchFn(`${controlUrl}${path}`, {
      method,
      headers: { accept: 'application/json', ...(auth ? { authorization: basic(credentials) } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  for (const auth of [false, true]) {
    try {
      const call = callAs(auth);
      const res = await call('GET', '/rate-limits');
      const json = res.status === 200 ? ((await res.json()) as { sandbox_keys_exempt?: unknown }) : undefined;
      if (typeof json?.sandbox_keys_exempt === 'boolean') return { controlUrl, call };
      if (res.status !== 401 && res.status !== 403) return undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Turns the sandbox's rate-limit exemption on when it is off; `restore` turns it off again (once,
 * however often called). Undefined when `baseUrl` serves no control API.
 */
export async function liftRateLimits(baseUrl: string, credentials: Credentials, fetchFn: typeof fetch = fetch): Promise<SandboxSession | undefined> {
  const sandbox = await detectSandbox(baseUrl, credentials, fetchFn);
  if (!sandbox) return undefined;
  const before = (await (await sandbox.call('GET', '/rate-limits')).json()) as { sandbox_keys_exempt: boolean };
  if (before.sandbox_keys_exempt) return { controlUrl: sandbox.controlUrl, lifted: false, restore: async () => undefined };
  let restored: Promise<void> | undefined;
  // Put back until the sandbox says so: a busy sandbox may answer the first try late (its timeout),
  // and a run interrupted then must not leave every sandbox key without limits. Three tries of 15 s;
  // after that one line says the limits are still lifted.
  const putBack = async (): Promise<void> => {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const res = await sandbox.call('POST', '/rate-limits', { sandbox_keys_exempt: false }, 15_000);
        if (res.status === 200) return;
      } catch {
        // timed out or refused: try again
      }
    }
    process.stderr.write(`contract: could not restore the sandbox's rate limits at ${sandbox.controlUrl}/rate-limits (sandbox_keys_exempt is still true)\n`);
  };
  const restore = () => (restored ??= putBack());
  let set: Response;
  try {
    set = await sandbox.call('POST', '/rate-limits', { sandbox_keys_exempt: true }, 15_000);
  } catch (err) {
    // No answer: the sandbox may still have applied it, so it is put back before giving up.
    await restore();
    throw err;
  }
  if (set.status !== 200) return undefined; // refused (a key that is not a sandbox key): the run waits out 429s as before
  return { controlUrl: sandbox.controlUrl, lifted: true, restore };
}

/**
 * Runs `work` with the rate limits lifted (when `baseUrl` is a sandbox), restoring them after it
 * ends or throws, and on SIGINT/SIGTERM before the process exits (130/143).
 */
export async function withLiftedRateLimits<T>(
  baseUrl: string,
  credentials: Credentials,
  log: ((line: string) => void) | undefined,
  work: (session: SandboxSession | undefined) => Promise<T>,
): Promise<T> {
  // Listening before the limits are lifted: an interrupt between the two still restores them.
  let lifting: Promise<SandboxSession | undefined> | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    const code = signal === 'SIGINT' ? 130 : 143;
    void (lifting ?? Promise.resolve(undefined))
      .then((s) => s?.restore())
      .finally(() => process.exit(code));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    lifting = liftRateLimits(baseUrl, credentials);
    const session = await lifting;
    if (session?.lifted) log?.(`contract: sandbox control API found at ${session.controlUrl}: rate limits lifted for this run (restored after)`);
    else if (session) log?.(`contract: sandbox control API found at ${session.controlUrl}: rate limits already lifted`);
    try {
      return await work(session);
    } finally {
      await session?.restore();
    }
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
