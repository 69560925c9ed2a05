// What happens when a request's answer is handed to Node: the request log and the metrics each
// take the time from the request's arrival. One stamp at arrival and one patch of `end` on the
// app's own response prototype (`app.response`, one per Express app) serve every observer: no
// listener, closure or property of the response per request, each of which costs a cheap request
// measurably (bench figure 10), and one clock reading at each end instead of one per observer.
import type { Express, Response } from 'express';

/** Told once per answered request: the response (its `req`, `statusCode`) and the milliseconds since `arrived(res)`. */
export type AnswerObserver = (res: Response, elapsedMs: number) => void;

const ARRIVED = Symbol('arrived');
/** `res.locals` (a fresh object per request, set by Express) holds the arrival time. */
type Locals = Record<symbol, number | undefined>;

/**
 * Patches `end` of `app`'s responses to tell `observers` (in order) about every response whose
 * arrival was stamped, once, after the answer went to Node. A response destroyed without an
 * answer tells nobody. Returns the stamp, called by the front layer per request.
 */
export function answeredRequests(app: Express, observers: readonly AnswerObserver[]): (res: Response) => void {
  const proto = app.response as Response;
  const end = proto.end as (this: Response, chunk?: unknown, encoding?: unknown, cb?: unknown) => Response;
  proto.end = function answeredEnd(this: Response, chunk?: unknown, encoding?: unknown, cb?: unknown): Response {
    const out = end.call(this, chunk, encoding, cb);
    const locals = this.locals as Locals | undefined;
    const arrived = locals?.[ARRIVED];
    if (locals && arrived !== undefined) {
      locals[ARRIVED] = undefined; // once, whatever ends it again
      const elapsed = performance.now() - arrived;
      for (const observe of observers) observe(this, elapsed);
    }
    return out;
  } as Response['end'];
  return function arrived(res: Response): void {
    (res.locals as Locals)[ARRIVED] = performance.now();
  };
}
