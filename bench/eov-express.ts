// The yardstick of figure 10b: bench/bare-express.ts with express-openapi-validator's public
// middleware in front, one router and one instance per API on our generated documents (requests
// and responses validated, `validateSecurity: false`: the library cannot check HMAC or our keys),
// answering the same captured bodies. What a hand-built Express service on the design's validator
// costs; the reference server must stay within 1.15x of it on GET ticker and 2.0x on POST payment.
// Prints `LISTENING <port>`; exits on SIGTERM.
import express from 'express';
import { capturedBodies, serveYardstick } from './captured-bodies.ts';
import * as OpenApiValidator from 'express-openapi-validator';
import { apiDocument } from '../server/spec.ts';

const { ticker, balances, payment } = capturedBodies('eov-express');

const validator = (id: 'exchange' | 'merchant') =>
  OpenApiValidator.middleware({ apiSpec: structuredClone(apiDocument(id)) as never, validateApiSpec: false, validateRequests: true, validateResponses: true, validateSecurity: false });

const app = express();
const exchange = express.Router();
// The signed query's auth parameters are not the document's: hidden from the validator as the
// reference server does after verifying them.
exchange.get('/balances', (_req, res) => {
  res.status(balances.status).json(balances.body);
});
exchange.use(validator('exchange'));
exchange.get('/tickers/:market', (_req, res) => {
  res.status(ticker.status).json(ticker.body);
});
const merchant = express.Router();
merchant.use(express.json(), validator('merchant'));
merchant.post('/payments', (_req, res) => {
  res.status(payment.status).json(payment.body);
});
app.use('/api/v1', exchange);
app.use('/merchant/v2', merchant);
app.use(((err, _req, res, _next) => {
  res.status((err as { status?: number }).status ?? 500).json({ message: (err as Error).message });
}) as express.ErrorRequestHandler);

serveYardstick(app);
