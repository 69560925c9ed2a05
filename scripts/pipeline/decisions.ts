// docs/decisions.md: every decision of the three contracts, in one page.
import { renderDecisions, type AnyContract } from '../../contracts/shared/contract.ts';
import { markdownHeader } from './header.ts';

export function renderDecisionsPage(contracts: readonly AnyContract[]): string {
  const sections = contracts.map(
    (c) => `## ${c.title} (\`${c.basePath}\`)\n\n${renderDecisions(c.decisions)}\n`,
  );
  return `${markdownHeader()}# Decisions on what the documents leave open\n\nEach decision below is also written, once, into the description of its OpenAPI document (\`info.description\`), so the rendered docs show it.\n\n${sections.join('\n')}`;
}
