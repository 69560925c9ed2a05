// A decision on what a document leaves open, and how the document's description renders the list.
// On its own so that the modules contract.ts builds on (links, limits, wire forms) can declare
// their decisions without importing contract.ts back.

export interface Decision {
  /** Stable id, e.g. `X1` or `X-limit` (docs/decisions.md lists them). */
  id: string;
  /** What the document leaves open, e.g. "Placement of body parameters in the signed string". */
  gap: string;
  /** What we decided, in Markdown. */
  decision: string;
}

export function renderDecisions(decisions: Decision[]): string {
  return decisions.map((d) => `- **${d.id}: ${d.gap}.** ${d.decision}`).join('\n');
}
