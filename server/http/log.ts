// One log line per request: method, path without the query string (it may carry an exchange
// signature), status and duration. Headers are never logged (Authorization).
//
// Lines to stdout are batched: a request appends its line to a buffer, and the buffer is written
// in one call 10 ms after its first line (or as soon as it holds 64 KiB), instead of one
// synchronous `console.log` (format, write system call) per request. Nothing is lost on exit: the
// buffer is written when the process exits (process.exit, the end of the event loop, the shutdown
// of SIGTERM/SIGINT in serve.ts); only a SIGKILL can lose the last 10 ms of lines.
import type { Response } from 'express';

/** Where lines go: request lines, server errors. */
export type Logger = (line: string) => void;

export interface BatchedLogger extends Logger {
  /** Writes what is buffered now. */
  flush(): void;
}

export interface BatchOptions {
  /** How long the first line of a batch waits for others (default 10 ms). */
  delayMs?: number;
  /** A batch this large (UTF-16 code units) is written at once (default 64 Ki). */
  maxChars?: number;
}

/**
 * A logger that batches lines into few `write` calls. `write` receives whole lines, each ending
 * in `\n`. Call `flush` before anything that must follow the lines; `onExit` also flushes when
 * the process exits.
 */
export function batchedLogger(write: (chunk: string) => void, { delayMs = 10, maxChars = 65_536 }: BatchOptions = {}): BatchedLogger {
  let buffer = '';
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (buffer === '') return;
    const chunk = buffer;
    buffer = '';
    write(chunk);
  };
  const log = ((line: string) => {
    buffer += `${line}\n`;
    if (buffer.length >= maxChars) flush();
    else if (!timer) {
      timer = setTimeout(flush, delayMs);
      timer.unref(); // a pending batch never keeps the process alive; the exit hook writes it
    }
  }) as BatchedLogger;
  log.flush = flush;
  return log;
}

let stdout: BatchedLogger | undefined;

/** Lines to stdout, batched; one logger per process, flushed when the process exits. */
export function stdoutLogger(): BatchedLogger {
  if (!stdout) {
    const logger = batchedLogger((chunk) => process.stdout.write(chunk));
    // stdout is synchronous for files, and for pipes and terminals on Linux, so this write lands
    // before the process is gone.
    process.on('exit', logger.flush);
    stdout = logger;
  }
  return stdout;
}

/** The default of `createServer`: request lines and server errors to stdout, batched. */
export const consoleLogger: Logger = (line) => stdoutLogger()(line);
export const silentLogger: Logger = () => undefined;

/**
 * The request line of an answered request (server/http/answered.ts calls it once per answer):
 * `GET /api/v1/balances 200 1.2ms`, the status sent and the time from the request's arrival until
 * the answer was handed to Node (`res.end`).
 */
export function requestLine(log: Logger): (res: Response, elapsedMs: number) => void {
  return function logged(res: Response, elapsedMs: number): void {
    const req = res.req;
    log(`${req.method} ${safePath(req.originalUrl)} ${res.statusCode} ${elapsedMs.toFixed(1)}ms`);
  };
}

const CONTROL = /[\u0000-\u001f\u007f]/;
const CONTROLS = /[\u0000-\u001f\u007f]/g;

/** The path without query string, control characters escaped so a request cannot forge log lines. */
export function safePath(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const clean = CONTROL.test(path) ? path.replace(CONTROLS, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`) : path;
  return clean.length > 512 ? clean.slice(0, 512) : clean;
}
