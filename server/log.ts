// One log line per request: method, path without the query string (it may carry an exchange
// signature), status and duration. Headers are never logged (Authorization).
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Where lines go: request lines, server errors. */
export type Logger = (line: string) => void;

export const consoleLogger: Logger = (line) => console.log(line);
export const silentLogger: Logger = () => undefined;

/** `GET /api/v1/balances 200 1.2ms` */
export function requestLog(log: Logger): RequestHandler {
  return function logRequest(req: Request, res: Response, next: NextFunction): void {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log(`${req.method} ${safePath(req.originalUrl)} ${res.statusCode} ${ms.toFixed(1)}ms`);
    });
    next();
  };
}

/** The path without query string, control characters escaped so a request cannot forge log lines. */
export function safePath(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`).slice(0, 512);
}
