// Deprecation of an operation, a parameter or a property, with a sunset date. Documents carry
// `deprecated: true` and `x-sunset`; the server answers deprecated operations with the
// `Deprecation` (RFC 9745, `@<unix seconds>`) and `Sunset` (RFC 8594, an HTTP-date) headers, which
// every response of the operation declares; the diff reports a removal before the sunset as ERR.
import type { z } from './zod.ts';

export interface Deprecation {
  /** When it was (or will be) deprecated, ISO date `YYYY-MM-DD` (the `Deprecation` header). */
  since: string;
  /** After this ISO date it may be removed (`x-sunset` and the `Sunset` header). */
  sunset: string;
}

const seconds = (isoDate: string) => Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / 1000);

/** The two response headers of a deprecated operation. */
export function deprecationHeaders(d: Deprecation): { Deprecation: string; Sunset: string } {
  return { Deprecation: `@${seconds(d.since)}`, Sunset: new Date(seconds(d.sunset) * 1000).toUTCString() };
}

/** Their declarations, added to every response of a deprecated operation. */
export function deprecationHeaderSpecs(d: Deprecation) {
  return {
    Deprecation: { description: `RFC 9745: deprecated since ${d.since} (\`@<unix seconds>\`)`, schema: { type: 'string' as const } },
    Sunset: { description: `RFC 8594: may be removed after ${d.sunset} (an HTTP-date)`, schema: { type: 'string' as const } },
  };
}

/** A deprecated property: `deprecated: true` and `x-sunset` in the document, `@deprecated` in the types. */
export function deprecatedProperty<T extends z.ZodType>(schema: T, sunset: string): T {
  return schema.openapi({ deprecated: true, 'x-sunset': sunset } as never) as T;
}

/** A deprecated query, path or header parameter. */
export function deprecatedParameter<T extends z.ZodType>(schema: T, sunset: string): T {
  return schema.openapi({ param: { deprecated: true, 'x-sunset': sunset } } as never) as T;
}
