// @hey-api/openapi-ts: per API the fetch client, its types and SDK, and the zod plugin's schemas.
import { apis } from './apis.mjs';

export default apis.map((api) => ({
  input: `../../generated/openapi/${api}.json`,
  output: `out/hey-api/${api}`,
  plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk', 'zod'],
  logs: { level: 'silent', file: false },
}));
