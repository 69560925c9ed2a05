// OpenAPI document -> TypeScript types with openapi-typescript.
import openapiTS, { astToString } from 'openapi-typescript';
import { slashHeader } from './header.ts';

export async function renderTypes(doc: Record<string, unknown>): Promise<string> {
  // defaultNonNullable: false keeps fields with defaults optional in request types (DESIGN.md trap).
  const ast = await openapiTS(doc as never, { defaultNonNullable: false, alphabetize: false });
  return `${slashHeader()}/* eslint-disable */\n${astToString(ast)}`;
}
