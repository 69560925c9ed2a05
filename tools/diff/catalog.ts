// Every rule id the diff can report, with its level (some depend on the case: listed as such).
// Schema rules exist once per channel: request and response (REST), webhook-request (the payload
// the server sends) and webhook-response (what the receiver answers).
import type { Channel, Level } from './finding.ts';

type Levels = Level | 'ERR/WARN';

export const OPERATION_RULES: Record<string, Levels> = {
  'path-removed': 'ERR',
  'path-added': 'INFO',
  'operation-removed': 'ERR',
  'operation-added': 'INFO',
  'operation-id-changed': 'ERR',
  'operation-deprecated': 'INFO',
  'deprecated-operation-removed-before-sunset': 'ERR',
  'operation-removed-after-sunset': 'INFO',
  'webhook-removed': 'WARN',
  'webhook-added': 'INFO',
  'security-added': 'ERR',
  'security-requirement-changed': 'ERR',
  'security-requirement-added': 'INFO',
  'security-scheme-changed': 'ERR',
  'parameter-removed': 'ERR/WARN',
  'parameter-moved': 'ERR',
  'parameter-added-required': 'ERR',
  'parameter-added': 'INFO',
  'parameter-made-required': 'ERR',
  'parameter-made-optional': 'INFO',
  'parameter-style-changed': 'ERR',
  'parameter-deprecated': 'INFO',
  'deprecated-parameter-removed-before-sunset': 'ERR',
  'parameter-removed-after-sunset': 'INFO',
  'request-body-added-required': 'ERR',
  'request-body-added': 'INFO',
  'request-body-removed': 'WARN',
  'request-body-made-required': 'ERR',
  'request-body-made-optional': 'INFO',
  'request-media-type-removed': 'ERR',
  'request-media-type-added': 'INFO',
  'response-media-type-removed': 'ERR',
  'response-media-type-added': 'INFO',
  'response-success-status-removed': 'ERR',
  'response-status-removed': 'WARN',
  'response-status-added': 'INFO',
  'response-header-removed': 'ERR/WARN',
  'response-header-made-optional': 'ERR',
  'response-header-added': 'INFO',
  'webhook-request-media-type-removed': 'WARN',
  'webhook-request-media-type-added': 'INFO',
  'webhook-response-media-type-removed': 'ERR',
  'webhook-response-media-type-added': 'INFO',
  'webhook-response-success-status-removed': 'ERR',
  'webhook-response-status-removed': 'ERR',
  'webhook-response-status-added': 'INFO',
};

const BOUNDS = ['max-length', 'maximum', 'exclusive-maximum', 'max-items', 'max-properties', 'min-length', 'minimum', 'exclusive-minimum', 'min-items', 'min-properties', 'unique-items'];

/** Schema rules by suffix: the level on an `in` flow (request, webhook-response) and an `out` flow. */
export const SCHEMA_RULES: Record<string, { in?: Levels; out?: Levels }> = {
  'became-nullable': { in: 'INFO', out: 'ERR' },
  'null-removed': { in: 'ERR', out: 'INFO' },
  'type-changed': { in: 'ERR', out: 'ERR' },
  'type-widened': { in: 'INFO', out: 'ERR' },
  'type-narrowed': { in: 'ERR', out: 'INFO' },
  'enum-added': { in: 'ERR', out: 'INFO' },
  'enum-removed': { in: 'INFO', out: 'ERR' },
  'enum-value-removed': { in: 'ERR', out: 'INFO' },
  'enum-value-added': { in: 'INFO', out: 'ERR' },
  ...Object.fromEntries(BOUNDS.flatMap((b) => [[`${b}-tightened`, { in: 'ERR', out: 'INFO' }], [`${b}-loosened`, { in: 'INFO', out: 'ERR' }]])),
  ...Object.fromEntries(['pattern', 'format', 'multiple-of'].flatMap((k) => [[`${k}-tightened`, { in: 'ERR', out: 'INFO' }], [`${k}-loosened`, { in: 'INFO', out: 'ERR' }], [`${k}-changed`, { in: 'ERR', out: 'ERR' }]])),
  'default-changed': { in: 'WARN', out: 'INFO' },
  'property-made-required': { in: 'ERR', out: 'INFO' },
  'property-made-optional': { in: 'INFO', out: 'ERR' },
  'property-added-required': { in: 'ERR' },
  'property-added': { in: 'INFO', out: 'INFO' },
  'property-removed': { in: 'ERR/WARN', out: 'ERR' },
  'optional-property-removed': { out: 'WARN' },
  'property-renamed': { in: 'ERR', out: 'ERR' },
  'property-deprecated': { in: 'INFO', out: 'INFO' },
  'deprecated-property-removed-before-sunset': { in: 'ERR', out: 'ERR' },
  'property-removed-after-sunset': { in: 'INFO', out: 'INFO' },
  'additional-properties-tightened': { in: 'ERR', out: 'INFO' },
  'additional-properties-loosened': { in: 'INFO', out: 'ERR' },
  'tuple-length-changed': { in: 'ERR', out: 'ERR' },
  'content-encoding-changed': { in: 'ERR', out: 'ERR' },
  'content-media-type-changed': { in: 'ERR', out: 'ERR' },
  'content-schema-added': { in: 'ERR', out: 'INFO' },
  'content-schema-removed': { in: 'INFO', out: 'ERR' },
  'union-branch-added': { in: 'INFO', out: 'ERR' },
  'union-branch-removed': { in: 'ERR', out: 'INFO' },
};

const FLOW: Record<Channel, 'in' | 'out'> = { request: 'in', response: 'out', 'webhook-request': 'out', 'webhook-response': 'in' };

/** Every concrete rule id with its level. */
export function catalog(): Record<string, Levels> {
  const out: Record<string, Levels> = { ...OPERATION_RULES };
  for (const channel of Object.keys(FLOW) as Channel[]) {
    for (const [suffix, levels] of Object.entries(SCHEMA_RULES)) {
      const level = levels[FLOW[channel]];
      if (level) out[`${channel}-${suffix}`] = level;
    }
  }
  return out;
}
