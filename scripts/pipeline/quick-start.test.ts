// The merchant quick start is one text: the integrator guide carries it verbatim under its heading, and the
// merchant reference page shows it as a guide (its ts blocks compile: test/readme-snippets.test.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MERCHANT_QUICK_START } from './quick-start.ts';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('merchant quick start', () => {
  // Moved with the rest of the integrator's text from the README (which now has a shorter one) to the guide.
  it('is in the integrator guide, verbatim, under its heading', () => {
    expect(read('docs/guides/integrator.md')).toContain(`\n## Merchant quick start\n\n${MERCHANT_QUICK_START}\n`);
  });

  it('is a guide of the merchant document, so docs/merchant.html shows it', () => {
    const doc = JSON.parse(read('generated/openapi/merchant.json')) as { info: { description: string } };
    expect(doc.info.description).toContain(`## Quick start\n\n${MERCHANT_QUICK_START}`);
  });
});
