// orval's projects: per API, the fetch client and the zod schemas (zod 4 output).
import { apis } from './apis.mjs';
const config = {};
for (const api of apis) {
  const input = { target: `../../generated/openapi/${api}.json` };
  config[`${api}-fetch`] = { input, output: { target: `out/orval-fetch/${api}.ts`, client: 'fetch', mode: 'single' } };
  config[`${api}-zod`] = { input, output: { target: `out/orval-zod/${api}.ts`, client: 'zod', mode: 'single', override: { zod: { version: 4 } } } };
}
export default config;
