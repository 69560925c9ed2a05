// How the sandbox sends a webhook attempt, and where it refuses to. A callback URL is chosen by
// whoever holds an API key, so delivery must not become a way to reach the server's own network
// (SSRF): every address the target resolves to is checked when the connection is made (the check
// sits in the socket's DNS lookup, so a name cannot resolve to a public address for a check and a
// private one for the connection), and IP literals are checked before anything is sent.
// Refused: unspecified, link-local (169.254.0.0/16 holds cloud metadata endpoints), multicast,
// reserved and benchmarking ranges always; private networks (10/8, 172.16/12, 192.168/16, CGNAT,
// fc00::/7) unless the config allows them. Loopback stays allowed: decision M3 lets sandbox keys
// use http://127.0.0.1 for local development. Redirects are not followed (a redirect is not an
// acknowledgement), so they cannot lead elsewhere either.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { WebhookTransport } from './webhooks.ts';

export interface TargetPolicy {
  /** Allow targets on private networks (RFC 1918, CGNAT, unique local IPv6). Default false. */
  allowPrivateNetworks: boolean;
}

const ALWAYS_REFUSED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['169.254.0.0', 16], ['192.0.0.0', 24], ['192.0.2.0', 24], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) ALWAYS_REFUSED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['fe80::', 10], ['ff00::', 8], ['2001:db8::', 32], ['100::', 64]] as const) ALWAYS_REFUSED.addSubnet(net, prefix, 'ipv6');

const PRIVATE = new BlockList();
for (const [net, prefix] of [['10.0.0.0', 8], ['100.64.0.0', 10], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) PRIVATE.addSubnet(net, prefix, 'ipv4');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');

/** Why the sandbox will not send to `address` (an IP), or undefined when it may. */
export function addressProblem(address: string, policy: TargetPolicy): string | undefined {
  // An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  if (ALWAYS_REFUSED.check(ip, family)) return `${address} is a link-local, unspecified, multicast or reserved address`;
  if (!policy.allowPrivateNetworks && PRIVATE.check(ip, family)) {
    return `${address} is on a private network (set merchant.webhookTargets.allowPrivateNetworks in the config to allow it)`;
  }
  return undefined;
}

/** Thrown (as an attempt's error) when a target resolves to an address the policy refuses. */
export class TargetRefusedError extends Error {
  override readonly name = 'TargetRefusedError';
  constructor(host: string, problem: string) {
    super(`refused to connect to ${host}: ${problem}`);
  }
}

type Resolve = (hostname: string, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;
const systemResolve: Resolve = (hostname, callback) => dnsLookup(hostname, { all: true }, callback);

/** A socket lookup that resolves every address of the host and refuses the connection if any is refused by the policy. */
export function guardedLookup(policy: TargetPolicy, resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (err, addresses) => {
      const answer = callback as unknown as (err: Error | null, address: string | LookupAddress[], family?: number) => void;
      if (err) return answer(err, '', 0);
      const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
      if (wanted.length === 0) return answer(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      for (const a of wanted) {
        const problem = addressProblem(a.address, policy);
        if (problem) return answer(new TargetRefusedError(hostname, problem), '', 0);
      }
      if (options.all) return answer(null, wanted);
      return answer(null, wanted[0]!.address, wanted[0]!.family);
    });
  };
}

/** The default webhook transport: one POST per attempt over node:http(s), guarded by `policy`, ended after `timeoutMs`. */
export function guardedTransport(policy: TargetPolicy, resolve?: Resolve): WebhookTransport {
  const lookup = guardedLookup(policy, resolve);
  return (url, body, timeoutMs) =>
    new Promise((settle, fail) => {
      const target = new URL(url);
      const host = target.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host)) {
        const problem = addressProblem(host, policy);
        if (problem) return fail(new TargetRefusedError(host, problem));
      }
      const request = (target.protocol === 'https:' ? https : http).request(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json', accept: 'application/json', 'user-agent': 'merchant-sandbox-webhooks/2',
          'content-length': Buffer.byteLength(body),
        },
        lookup,
      });
      const timer = setTimeout(() => request.destroy(Object.assign(new Error('no answer within the attempt timeout'), { name: 'TimeoutError' })), timeoutMs);
      request.on('error', (e) => {
        clearTimeout(timer);
        fail(e);
      });
      request.on('response', (response) => {
        // Drain the answer, so the connection can be reused; the status is all that counts.
        response.resume();
        response.on('end', () => {
          clearTimeout(timer);
          settle({ status: response.statusCode ?? 0 });
        });
        response.on('error', (e) => {
          clearTimeout(timer);
          fail(e);
        });
      });
      request.end(body);
    });
}
