// One middleware per API that finds the request's operation and runs its steps, instead of one
// Express route per operation with one layer per step: Express tried every route's pattern in
// turn and dispatched each step through its own layer, which was a large share of a cheap
// request's CPU (bench figure 10). The outcome is the one the routes gave:
// - the operation is on the path that takes precedence (PathTable, the routes' registration order),
//   so a more specific path shadows a templated one (`/transactions/instant_refund`);
// - path parameters are decoded as Express decodes them, and a malformed one is Express's 400
//   (raised for the first path the URL matches, whatever the method, as the routes did);
// - HEAD runs the GET operation; a path without the method, or no path, goes on (to the 404/405
//   fallback of the router);
// - a step's `next(err)`, throw or rejected promise skips the remaining steps and goes to the
//   router's error layers; `next('route')` goes on to the fallback, `next('router')` leaves the router.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { PathTable } from './paths.ts';

type Run = (req: Request, res: Response, out: NextFunction) => void;

interface Steps {
  steps: readonly RequestHandler[];
  i: number;
  req: Request;
  res: Response;
  out: NextFunction;
  next: NextFunction;
}

/** The `next` of a request's steps, bound to its state (no closure per request; under tsx each one also costs a defineProperty). */
function nextStep(this: Steps, err?: unknown): void {
  if (err === 'route') return this.out();
  if (err) return this.out(err);
  const step = this.steps[this.i++];
  if (!step) return this.out();
  try {
    const ret = step(this.req, this.res, this.next) as unknown;
    if (ret instanceof Promise) ret.then(undefined, rejected.bind(this));
  } catch (e) {
    this.next(e);
  }
}

function rejected(this: Steps, e: unknown): void {
  this.next(e || new Error('Rejected promise'));
}

/** Runs `steps` in order as one Express route would. */
export function chain(steps: readonly RequestHandler[]): Run {
  return function runSteps(req, res, out) {
    const state = { steps, i: 0, req, res, out } as Steps;
    state.next = nextStep.bind(state) as NextFunction;
    state.next();
  };
}

function decodeParam(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch (err) {
    // Express's own failure for a malformed parameter (router/lib/layer.js), so it renders the same.
    if (err instanceof URIError) Object.assign(err, { message: `Failed to decode param '${value}'`, status: 400, statusCode: 400 });
    throw err;
  }
}

export class OperationDispatch {
  private readonly runs = new Map<string, Map<string, Run>>();

  constructor(private readonly paths: PathTable) {}

  /** The steps of the operation at `path` (the document's template) and `method`. */
  add(path: string, method: string, steps: readonly RequestHandler[]): void {
    const byMethod = this.runs.get(path) ?? new Map<string, Run>();
    byMethod.set(method.toUpperCase(), chain(steps));
    this.runs.set(path, byMethod);
  }

  readonly middleware: RequestHandler = (req, res, next) => {
    const found = this.paths.match(req.path);
    if (!found) return next();
    const params: Record<string, string> = {};
    try {
      for (let i = 0; i < found.entry.names.length; i++) params[found.entry.names[i]!] = decodeParam(found.values[i]!);
    } catch (err) {
      return next(err);
    }
    const byMethod = this.runs.get(found.entry.path);
    const run = byMethod?.get(req.method) ?? (req.method === 'HEAD' ? byMethod?.get('GET') : undefined);
    if (!run) return next();
    req.params = params;
    run(req, res, next);
  };
}
