// The floor: a bare node:http server answering the same JSON as the reference server for the
// benchmarked routes (bodies captured from it, passed in the file named by BARE_BODIES), with no
// framework, routing table, auth or validation. Prints `LISTENING <port>`; exits on SIGTERM.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/** `METHOD /path` (no query) to the status and JSON body to answer. */
type Bodies = Record<string, { status: number; body: unknown }>;

const bodies = JSON.parse(readFileSync(process.env.BARE_BODIES as string, 'utf8')) as Bodies;
const notFound = { status: 404, body: { message: 'not found' } };

const server = createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0];
  const answer = bodies[`${req.method} ${path}`] ?? notFound;
  req.resume(); // read (and drop) the request body, as a real handler would before answering
  req.on('end', () => {
    const text = JSON.stringify(answer.body);
    res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  });
});
server.keepAliveTimeout = 5_000;
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  const address = server.address();
  console.log(`LISTENING ${typeof address === 'object' && address ? address.port : ''}`);
});
const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
