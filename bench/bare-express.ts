// The yardstick of figure 10: a bare Express 5 app answering the same JSON as the reference server
// for the benchmarked routes (bodies captured from it, passed in the file named by BARE_BODIES):
// Express's router with the same path patterns, `express.json()` on the POST, `res.json()` for the
// answer; no auth, validation, store or log. What a hand-written Express service would cost at
// the least. Prints `LISTENING <port>`; exits on SIGTERM.
import express from 'express';
import { capturedBodies, serveYardstick } from './captured-bodies.ts';

const { ticker, balances, payment } = capturedBodies('bare-express');

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

serveYardstick(app);
