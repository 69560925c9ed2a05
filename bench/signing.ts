// Figure 6: the cost of X1 signing per request, in this process: building the canonical payload
// and its HMAC-SHA256 (contracts/exchange/signing.ts, what both sides run), for a signed GET and a
// POST with a body; and the client's whole signing step (signRequest: URL parsing, body read,
// new Request), which is what the typed client adds per call. Median of several timed batches.
import { signRequest } from '../client/exchange-signing.ts';
import { SIGNATURE_TEST_SECRET, SIGNATURE_TEST_VECTORS, sign, signaturePayload, type SignatureInput } from '../contracts/exchange/signing.ts';
import { median } from './stats.ts';

export interface SigningFigure {
  /** Operations per second, median of the batches. */
  getPayloadAndHmac: number;
  postPayloadAndHmac: number;
  clientSignRequest: number;
  batches: number;
}

function opsPerSecond(op: () => void, batchMs: number, batches: number): number {
  for (let i = 0; i < 2_000; i++) op(); // warm up
  const rates: number[] = [];
  for (let b = 0; b < batches; b++) {
    let n = 0;
    const start = performance.now();
    const end = start + batchMs;
    while (performance.now() < end) {
      for (let i = 0; i < 100; i++) op();
      n += 100;
    }
    rates.push(n / ((performance.now() - start) / 1000));
  }
  return median(rates);
}

async function asyncOpsPerSecond(op: () => Promise<unknown>, batchMs: number, batches: number): Promise<number> {
  for (let i = 0; i < 2_000; i++) await op();
  const rates: number[] = [];
  for (let b = 0; b < batches; b++) {
    let n = 0;
    const start = performance.now();
    const end = start + batchMs;
    while (performance.now() < end) {
      for (let i = 0; i < 100; i++) await op();
      n += 100;
    }
    rates.push(n / ((performance.now() - start) / 1000));
  }
  return median(rates);
}

export async function measureSigning(batchMs: number, batches: number): Promise<SigningFigure> {
  const get = (SIGNATURE_TEST_VECTORS[0] as { input: SignatureInput }).input;
  const post = (SIGNATURE_TEST_VECTORS[1] as { input: SignatureInput }).input;
  let nonce = Date.now();
  const signWith = (input: SignatureInput) => () => {
    sign(signaturePayload({ ...input, query: { ...input.query, nonce: nonce++ } }), SIGNATURE_TEST_SECRET);
  };
  const credentials = { accessKey: 'demo-trader', secretKey: SIGNATURE_TEST_SECRET };
  const body = JSON.stringify(post.body);
  const clientSign = () =>
    signRequest(new Request('http://127.0.0.1:8080/api/v1/orders', { method: 'POST', headers: { 'content-type': 'application/json' }, body }), credentials, nonce++);
  return {
    getPayloadAndHmac: opsPerSecond(signWith(get), batchMs, batches),
    postPayloadAndHmac: opsPerSecond(signWith(post), batchMs, batches),
    clientSignRequest: await asyncOpsPerSecond(clientSign, batchMs, batches),
    batches,
  };
}
