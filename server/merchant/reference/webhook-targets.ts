// Where the sandbox may send webhooks (decision M3): https anywhere; plain http only for sandbox
// keys and only to the loopback interface, so local development works without a certificate.

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Why `url` is not an acceptable payment webhook target for this key, or undefined when it is. */
export function webhookTargetProblem(url: string, sandbox: boolean): string | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'must be an absolute https URL';
  }
  if (u.protocol === 'https:') return undefined;
  if (u.protocol === 'http:') {
    if (!sandbox) return 'must use https';
    if (!LOOPBACK_HOSTS.has(u.hostname.toLowerCase())) return 'must use https (sandbox keys may use http only on 127.0.0.1 or localhost)';
    return undefined;
  }
  return 'must use https';
}
