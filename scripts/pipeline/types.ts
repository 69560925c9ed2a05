// OpenAPI document -> TypeScript types with openapi-typescript, its default options: what ships is
// exactly what anyone generating from the published document gets (test/stock-types.test.ts). The
// documents say what that needs: a request field's `default` is written in the request body, not in
// a shared component (contracts/shared/document-readers.ts), and a rule between fields is an `anyOf`
// inside `allOf` (contracts/shared/conditional.ts).
import openapiTS, { astToString } from 'openapi-typescript';
import { slashHeader } from './header.ts';

export async function renderTypes(doc: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(structuredClone(doc) as never);
  return `${slashHeader()}/* eslint-disable */\n${astToString(ast)}`;
}
