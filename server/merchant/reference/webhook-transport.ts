// How the sandbox sends a webhook attempt, and where it refuses to. A callback URL is chosen by
// whoever holds an API key, so delivery must not become a way to reach the server's own network
// (SSRF): every address the target resolves to is checked when the connection is made (the check
// sits in the socket's DNS lookup, so a name cannot resolve to a public address for a check and a
// private one for the connection), and IP literals are checked before anything is sent.
// Refused: unspecified, link-local (169.254.0.0/16 holds cloud metadata endpoints), multicast,
// reserved and benchmarking ranges always; private networks (10/8, 172.16/12, 192.168/16, CGNAT,
// fc00::/7, fec0::/10) and loopback as the config says (loopback allowed by default: decision M3
// lets sandbox keys use http://127.0.0.1 for local development; a shared deployment should turn
// it off). IPv6 addresses that carry an IPv4 address (NAT64, 6to4, IPv4-compatible, SIIT) are
// judged by that IPv4 address. The transport has its own connection pool, so no socket opened by
// other code in the process (a pooled keep-alive connection to the same host) skips the check.
// Redirects are not followed (a redirect is not an acknowledgement), so they cannot lead
// elsewhere either.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { WebhookTargetPolicy } from '../../config/config.ts';

/** Sends one attempt; resolves with the HTTP status, rejects on a network error or timeout. */
export type WebhookTransport = (url: string, body: string, timeoutMs: number, contentType?: string) => Promise<{ status: number }>;

/** The config's `merchant.webhookTargets` (sandbox default: private networks refused, loopback allowed). */
export type TargetPolicy = WebhookTargetPolicy;

const ALWAYS_REFUSED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['169.254.0.0', 16], ['192.0.0.0', 24], ['192.0.2.0', 24], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) ALWAYS_REFUSED.addSubnet(net, prefix, 'ipv4');
// IPv6: unspecified, link-local, multicast, documentation, discard-only, Teredo (2001::/32, whose
// embedded IPv4 is obfuscated).
for (const [net, prefix] of [['::', 128], ['fe80::', 10], ['ff00::', 8], ['2001:db8::', 32], ['100::', 64], ['2001::', 32]] as const) ALWAYS_REFUSED.addSubnet(net, prefix, 'ipv6');

const PRIVATE = new BlockList();
for (const [net, prefix] of [['10.0.0.0', 8], ['100.64.0.0', 10], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) PRIVATE.addSubnet(net, prefix, 'ipv4');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');
PRIVATE.addSubnet('fec0::', 10, 'ipv6'); // site-local (deprecated, still routed inside some networks)

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** The eight 16-bit groups of an IPv6 address (zone id dropped, a trailing dotted quad read), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.split('%')[0]!.toLowerCase();
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...Array<string>(Math.max(fill, 0)).fill('0'), ...tail].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : undefined;
}

const dotted = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

/**
 * The IPv4 address an IPv6 address carries, for the forms that reach an IPv4 host: NAT64
 * (64:ff9b::/96, 64:ff9b:1::/48), 6to4 (2002::/16), IPv4-compatible (::/96, but not :: or ::1)
 * and SIIT (::ffff:0:0:0/96). IPv4-mapped (::ffff:0:0/96) is matched by BlockList itself.
 */
export function embeddedIpv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  if (!g) return undefined;
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (g[0] === 0x64 && g[1] === 0xff9b && (zero(2, 6) || g[2] === 1)) return dotted(g[6]!, g[7]!);
  if (g[0] === 0x2002) return dotted(g[1]!, g[2]!);
  if (zero(0, 6) && (g[6] !== 0 || g[7]! > 1)) return dotted(g[6]!, g[7]!);
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return dotted(g[6]!, g[7]!);
  return undefined;
}

/** Why the sandbox will not send to `address` (an IP), or undefined when it may. */
export function addressProblem(address: string, policy: TargetPolicy): string | undefined {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (family === 'ipv6') {
    const v4 = embeddedIpv4(address);
    const problem = v4 === undefined ? undefined : addressProblem(v4, policy);
    if (problem) return `${address} carries ${problem}`;
  }
  if (ALWAYS_REFUSED.check(address, family)) return `${address} is a link-local, unspecified, multicast or reserved address`;
  if (!policy.allowPrivateNetworks && PRIVATE.check(address, family)) {
    return `${address} is on a private network (set merchant.webhookTargets.allowPrivateNetworks in the config to allow it)`;
  }
  if (!policy.allowLoopback && LOOPBACK.check(address, family)) {
    return `${address} is a loopback address (merchant.webhookTargets.allowLoopback is false)`;
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

/** The headers of every attempt besides Host and Content-Length (the delivery log keeps them, S-listen). */
export const webhookHeaders = (contentType: string) => ({ 'content-type': contentType, accept: 'application/json', 'user-agent': 'merchant-sandbox-webhooks/2' });

/** The default webhook transport: one POST per attempt over node:http(s), guarded by `policy`, ended after `timeoutMs`. */
export function guardedTransport(policy: TargetPolicy, resolve?: Resolve): WebhookTransport {
  const lookup = guardedLookup(policy, resolve);
  // Its own pools: a socket is only ever reused for the host it was opened (and checked) for.
  const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };
  return (url, body, timeoutMs, contentType = 'application/json') =>
    new Promise((settle, fail) => {
      const target = new URL(url);
      const host = target.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host)) {
        const problem = addressProblem(host, policy);
        if (problem) return fail(new TargetRefusedError(host, problem));
      }
      const request = (target.protocol === 'https:' ? https : http).request(target, {
        method: 'POST',
        headers: { ...webhookHeaders(contentType), 'content-length': Buffer.byteLength(body) },
        lookup,
        agent: target.protocol === 'https:' ? agents['https:'] : agents['http:'],
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
