// OpenAPI links (decision C-links): from each operation whose success response carries an id to
// every operation that takes it. Standard 3.1 Link Objects, written on the producing operation's
// success response, so a reader (and the contract runner's stateful flows) can chain calls from
// the document alone. A list links through its first element (`/transactions/0/id`).
import type { Decision } from './decision.ts';
import type { LinkSpec, OperationMap } from './operation.ts';

/** Links of each producing operation, keyed by its operationId, then by link name. */
export type LinkTable = Record<string, Record<string, LinkSpec>>;

/** A link that feeds `param` of `operationId` (path or query) from a JSON pointer into the response body. */
export const linkTo = (operationId: string, parameters: Record<string, string>, description?: string): LinkSpec => ({
  operationId,
  parameters: Object.fromEntries(Object.entries(parameters).map(([k, ptr]) => [k, ptr.startsWith('$') ? ptr : `$response.body#${ptr}`])),
  ...(description ? { description } : {}),
});

/**
 * A link that sends `{ field: <value at pointer> }` as the body of `operationId` (a body that
 * needs only ids). Each value is a runtime expression, evaluated as the parameters' are.
 */
export const linkWithBody = (operationId: string, body: Record<string, string>): LinkSpec => ({
  operationId,
  requestBody: Object.fromEntries(Object.entries(body).map(([k, ptr]) => [k, `$response.body#${ptr}`])),
});

type Json = Record<string, unknown>;

/** Writes each operation's links on its first 2xx response; a link to an unknown operation throws. */
export function writeLinks(doc: Json, operations: OperationMap, table: LinkTable = {}): void {
  const paths = doc.paths as Record<string, Record<string, { responses: Record<string, Json> }>>;
  for (const [producer, links] of Object.entries(table)) {
    const op = operations[producer];
    if (!op) throw new Error(`links: no operation ${producer}`);
    for (const [name, link] of Object.entries(links)) {
      if (!operations[link.operationId]) throw new Error(`links: ${producer}.${name} names no operation ${link.operationId}`);
    }
    const responses = paths[op.path]![op.method]!.responses;
    const success = Object.keys(responses).filter((s) => /^2\d\d$/.test(s)).sort()[0];
    if (!success) throw new Error(`links: ${producer} has no success response`);
    responses[success]!.links = links;
  }
}

export const linksDecision = (id: string): Decision => ({
  id,
  gap: 'How the operations chain',
  decision:
    'Each operation whose success response carries an id declares OpenAPI `links` to every operation that takes that id ' +
    '(`$response.body#/id`; a list through its first element, `#/transactions/0/id`). They are the flows the contract ' +
    'runner follows: create, then read, change and delete what was created.',
});
