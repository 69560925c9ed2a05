import { describe, expect, it } from 'vitest';
import { documents } from '../../contracts/index.ts';
import { SANDBOX_DEFAULTS } from '../../server/config/defaults.ts';
import { renderOpenApi } from './openapi.ts';
import { CONSOLE_SCRIPT, consolePlan, consoleTags, embedConsole } from './console-plan.ts';

describe('console plan', () => {
  it.each(documents.map((d) => [d.id, d] as const))('%s: every operation of the document, with its declared statuses and links', (_id, contract) => {
    const { doc } = renderOpenApi(contract);
    const plan = consolePlan(contract, doc);
    const paths = doc.paths as Record<string, Record<string, { operationId: string; responses: Record<string, { links?: object }> }>>;
    const fromDoc = Object.values(paths).flatMap((item) => Object.values(item).map((o) => o.operationId));
    expect(plan.operations.map((o) => o.operationId).sort()).toEqual(fromDoc.sort());
    for (const op of plan.operations) {
      const docOp = paths[op.pathTemplate]![op.method.toLowerCase()]!;
      expect(op.statuses).toEqual(Object.keys(docOp.responses).map(Number).sort((a, b) => a - b));
      expect(Object.keys(op.links).sort()).toEqual(Object.entries(docOp.responses).filter(([, r]) => r.links).map(([s]) => s).sort());
      for (const name of op.pathTemplate.match(/\{(\w+)\}/g) ?? []) expect(op.pathParams).toHaveProperty(name.slice(1, -1));
    }
    expect(plan.basePath).toBe(contract.basePath);
  });

  it('fills the sandbox default credentials', () => {
    const exchange = documents.find((d) => d.id === 'exchange')!;
    const plan = consolePlan(exchange, renderOpenApi(exchange).doc);
    expect(plan.auth).toBe('x1');
    expect(plan.credentials).toEqual({ accessKey: SANDBOX_DEFAULTS.exchange.keys[0].accessKey, secretKey: SANDBOX_DEFAULTS.exchange.keys[0].secret });
  });

  it('embeds the plan so that no value can close the script element', () => {
    const exchange = documents.find((d) => d.id === 'exchange')!;
    const plan = { ...consolePlan(exchange, renderOpenApi(exchange).doc), title: '</script><script>alert(1)</script>' };
    const tags = consoleTags(plan);
    expect(tags.match(/<\/script>/g)).toHaveLength(1); // the element's own end
    const json = /^<script id="try-it-plan" type="application\/json">(.*)<\/script>\n$/.exec(tags)![1]!;
    expect(JSON.parse(json)).toEqual(plan);
    expect(embedConsole('<html><head></head><body>x</body></html>', plan)).toBe(`<html><head>${CONSOLE_SCRIPT}</head><body>x${tags}</body></html>`);
    expect(() => embedConsole('<html><body></body>', plan)).toThrow(/no <\/head>/);
  });
});
