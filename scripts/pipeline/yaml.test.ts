import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { contracts } from '../../contracts/index.ts';
import { GENERATED_NOTE } from './header.ts';
import { generateAll } from './index.ts';
import { pipelineOptions } from './options.ts';
import { retypedByYaml11, toYaml } from './yaml.ts';

// What a YAML 1.1 reader (PyYAML, SnakeYAML, go-yaml v2) would not read back as a string.
const RETYPED = [
  'yes', 'Yes', 'YES', 'yEs', 'no', 'No', 'NO', 'on', 'On', 'ON', 'off', 'OFF', 'y', 'Y', 'n', 'N', 'true', 'False', 'TRUE', 'null', 'Null', '~', '',
  '2026-01-31', '2026-1-5', '2026-01-31T12:00:00.000Z', '2026-01-31 12:00:00', '0755', '-0755', '010', '08', '0b101', '0x1F', '1_000', '1:20', '190:20:30.15',
  '1e3', '.5', '+12', '12', '.inf', '-.Inf', '.NaN', '<<', '=',
];
const PLAIN = ['yesterday', 'nope', 'btcusd', 'NOK', 'on-hold', 'currently_obtaining', 'Y2K', '1.2.3', 'v1', 'a:b', '2026-01', 'demo-signing-secret'];

describe('retypedByYaml11', () => {
  it.each(RETYPED)('%j is quoted', (s) => expect(retypedByYaml11(s)).toBe(true));
  it.each(PLAIN)('%j stays plain', (s) => expect(retypedByYaml11(s)).toBe(false));
});

describe('toYaml', () => {
  it('quotes keys and values a 1.1 reader would retype, and both readers read the same document', () => {
    const doc = { enum: ['yes', 'no', 'NO', 'NP'], created_at: '2026-01-31T12:00:00Z', mode: '0755', time: '1:20', on: 'off', n: 1, b: true, z: null };
    const text = toYaml(doc);
    expect(text).toBe(
      'enum:\n  - "yes"\n  - "no"\n  - "NO"\n  - NP\ncreated_at: "2026-01-31T12:00:00Z"\nmode: "0755"\ntime: "1:20"\n"on": "off"\n"n": 1\nb: true\nz: null\n',
    );
    expect(YAML.parse(text, { version: '1.1' })).toEqual(doc);
    expect(YAML.parse(text)).toEqual(doc);
  });
});

describe('generated documents', async () => {
  const files = await generateAll(contracts, { ...pipelineOptions, skipDocs: true });
  const byPath = new Map(files.map((f) => [f.path, f.content]));

  it.each(['exchange', 'merchant', 'partner'].map((api) => ({ api })))('$api: the .yaml reads the same in YAML 1.1 and 1.2, and the .json is the same document', ({ api }) => {
    const yaml = byPath.get(`generated/openapi/${api}.yaml`)!;
    const v12 = YAML.parse(yaml) as Record<string, unknown>;
    expect(YAML.parse(yaml, { version: '1.1' })).toEqual(v12);
    const { 'x-generated': note, ...fromJson } = JSON.parse(byPath.get(`generated/openapi/${api}.json`)!) as Record<string, unknown>;
    expect(note).toBe(GENERATED_NOTE);
    expect(fromJson).toEqual(v12);
  });
});
