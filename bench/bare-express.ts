// The yardstick of figure 10: a bare Express 5 app answering the same JSON as the reference server
// for the benchmarked routes (bodies captured from it, passed in the file named by BARE_BODIES):
// Express's router with the same path patterns, `express.json()` on the POST, `res.json()` for the
// answer; no auth, validation, store or log. What a hand-written Express service would cost at
// the least. Prints `LISTENING <port>`; exits on SIGTERM.
import { readFileSync } from 'node:fs';
import express from 'express';

type Bodies = Record<string, { status: number; body: unknown }>;

const bodies = JSON.parse(readFileSync(process.env.BARE_BODIES as string, 'utf8')) as Bodies;
const answer = (key: string) => {
  const found = bodies[key];
  if (!found) throw new Error(`bare-express: no body captured for ${key}`);
  return found;
};
const ticker = answer('GET /api/v1/tickers/btcusd');
const balances = answer('GET /api/v1/balances');
const payment = answer('POST /merchant/v2/payments');

const app = express();
app.get('/api/v1/tickers/:market', (_req, res) => {
  res.status(ticker.status).json(ticker.body);
});
app.get('/api/v1/balances', (_req, res) => {
  res.status(balances.status).json(balances.body);
});
app.post('/merchant/v2/payments', express.json(), (req, res) => {
  if (typeof req.body !== 'object' || req.body === null) {
    res.status(400).json({ message: 'no body' });
    return;
  }
  res.status(payment.status).json(payment.body);
});

const server = app.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  const address = server.address();
  console.log(`LISTENING ${typeof address === 'object' && address ? address.port : ''}`);
});
server.keepAliveTimeout = 5_000;
const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
