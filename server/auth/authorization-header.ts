// Parsing of the Authorization header (RFC 7617 Basic, RFC 6750 Bearer). Never throws: a header
// that cannot be read is reported as `invalid` with the reason, which the 401 message repeats.

export type AuthorizationHeader =
  | { scheme: 'basic'; key: string; secret: string }
  | { scheme: 'bearer'; token: string }
  | { scheme: 'missing' }
  | { scheme: 'invalid'; reason: string };

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function parseAuthorization(header: string | undefined): AuthorizationHeader {
  if (header === undefined || header.trim() === '') return { scheme: 'missing' };
  const match = /^\s*(\S+)\s+(\S+)\s*$/.exec(header);
  if (!match) return { scheme: 'invalid', reason: 'expected "<scheme> <credentials>"' };
  const [, scheme, value] = match as unknown as [string, string, string];
  switch (scheme.toLowerCase()) {
    case 'bearer':
      return { scheme: 'bearer', token: value };
    case 'basic': {
      if (!BASE64.test(value)) return { scheme: 'invalid', reason: 'Basic credentials are not base64' };
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0) return { scheme: 'invalid', reason: 'Basic credentials must be base64 of "key:secret"' };
      return { scheme: 'basic', key: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
    }
    default:
      return { scheme: 'invalid', reason: `unsupported scheme "${scheme}"` };
  }
}
