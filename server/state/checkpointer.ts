// WAL checkpoints off the request path. A checkpoint copies the WAL into the database file and
// fsyncs it (even with synchronous=NORMAL); SQLite's automatic one runs inside whichever commit
// crosses 1000 pages, on the event loop, and stalls every request behind it. Here the serving
// connection has automatic checkpoints off and a worker thread with its own connection runs a
// PASSIVE checkpoint (it never blocks writers or readers) every `intervalMs`. The thread (~35 ms of
// CPU to start) starts when the first checkpoint is due: a process that ends sooner (a test's
// server, a command) never pays for it, and its file's last connection checkpoints as it closes.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

// An eval'd CommonJS worker: no TypeScript loader needed in the thread.
const WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 1000');
const tick = () => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (e) { parentPort.postMessage(String(e && e.message)); } };
tick();
const timer = setInterval(tick, workerData.intervalMs);
parentPort.on('message', () => { clearInterval(timer); tick(); db.close(); process.exit(0); });
`;

export interface Checkpointer {
  /** Runs a last checkpoint and ends the thread. */
  stop(): Promise<void>;
}

export function startCheckpointer(path: string, intervalMs = 1000, log: (line: string) => void = () => undefined): Checkpointer {
  let worker: Worker | undefined;
  const start = () => {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    worker = new Worker(WORKER, { eval: true, workerData: { path, intervalMs, driver } });
    worker.unref(); // never keeps the process alive
    worker.on('message', (m: string) => log(`[state] checkpoint of ${path} failed: ${m}`));
    worker.on('error', (e) => log(`[state] checkpointer of ${path} stopped: ${e.message}`));
  };
  const due = setTimeout(start, intervalMs).unref();
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        clearTimeout(due);
        if (!worker) return resolve();
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
      }),
  };
}
