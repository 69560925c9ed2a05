// The reference server as the benchmark runs it: the configuration of `npm start` (loadConfig:
// HOST, PORT, VALIDATE, RATE_LIMIT, CONFIG) with the reference implementations passed explicitly,
// so the figures are those of the sandbox whatever createServer's defaults are. Prints
// `LISTENING <port>` for bench/children.ts (PORT=0 picks a free port) and exits on SIGTERM,
// which also lets `node --cpu-prof` write its profile.
import { createServer } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createExchangeReference } from '../server/exchange/reference/index.ts';
import { consoleLogger } from '../server/log.ts';
import { merchantReferenceHandlers } from '../server/merchant/reference/index.ts';
import { partnerReferenceHandlers } from '../server/partner/reference/index.ts';

const config = loadConfig(process.env);
const app = createServer({
  config,
  handlers: {
    exchange: createExchangeReference(config).handlers,
    merchant: merchantReferenceHandlers({ config, log: consoleLogger }),
    partner: partnerReferenceHandlers(),
  },
});
const server = app.listen(config.port, config.host, () => {
  const address = server.address();
  console.log(`LISTENING ${typeof address === 'object' && address ? address.port : config.port}`);
});
const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2_000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
