// The validators answer the same wherever a service mounts them: at the document's base path, at a
// prefix of the service's own, or nested two levels down. Each mount validates the documented
// operations (an undeclared query parameter is refused in the API's body; a valid request reaches
// the service) and answers an undocumented path with the API's JSON 404. Mounted elsewhere than the
// document's base, requests used to pass unchecked (the library matched the whole URL).
import express, { type Express } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { registerUserRequestExample } from '../contracts/partner/examples.ts';
import { exchangeValidator, merchantValidator, partnerValidator, type MountedValidator } from '../server/validators.ts';

type Api = 'exchange' | 'merchant' | 'partner';
const silent = () => undefined;
const VALIDATOR: Record<Api, () => MountedValidator> = {
  exchange: () => exchangeValidator({ log: silent }),
  merchant: () => merchantValidator({ log: silent }),
  partner: () => partnerValidator({ log: silent }),
};
const BASE: Record<Api, string> = { exchange: '/api/v1', merchant: '/merchant/v2', partner: '/partner/v1' };
/** A valid request of each API (without auth configured, nothing is verified). */
const VALID: Record<Api, { method: 'get' | 'post'; path: string; body?: object }> = {
  exchange: { method: 'get', path: '/tickers/btcusd' },
  merchant: { method: 'get', path: '/currencies' },
  partner: { method: 'post', path: '/user_registration', body: registerUserRequestExample },
};

const UNKNOWN_PARAM: Record<Api, unknown> = {
  exchange: { error: { code: 1001, message: 'bogus: is not a parameter of this operation' } },
  merchant: { title: 'Unprocessable Entity', code: '1002', details: 'Required fields are missing or incorrect', source: [{ bogus: 'is not a parameter of this operation' }] },
  // The partner API's own error shape for the registration operation.
  partner: { status: 0, message: ['bogus is not a parameter of this operation'] },
};

function serviceAt(api: Api, mount: string): Express {
  const app = express();
  app.use(mount, VALIDATOR[api]());
  app.all(`${mount}/{*rest}`, (req, res) => void res.json({ reached: req.path }));
  return app;
}

describe.each(['exchange', 'merchant', 'partner'] as const)('%s validator, mounted anywhere', (api) => {
  for (const mount of [BASE[api], '/svc', '/a/b/c']) {
    it(`at ${mount}: validates the documented operation, passes it on, 404 in the API body elsewhere`, async () => {
      const app = serviceAt(api, mount);
      const { method, path, body } = VALID[api];
      const ok = await request(app)[method](`${mount}${path}`).send(body);
      expect([ok.status, ok.body]).toEqual([200, { reached: `${mount}${path}` }]);
      const refused = await request(app)[method](`${mount}${path}?bogus=1`).send(body);
      expect(refused.status).toBe(api === 'exchange' ? 400 : 422);
      expect(refused.body).toEqual(UNKNOWN_PARAM[api]);
      const missing = await request(app).get(`${mount}/no/such/path`);
      expect(missing.status).toBe(404);
      expect(missing.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.stringify(missing.body)).toContain(`Unknown route GET ${mount}/no/such/path`);
    });
  }
});
