// Test support: a fetch that records every Request it is given (cloned, so tests can read the
// body) and answers from a list or a function, in the manner of openapi-fetch's test helpers.

export type Responder = (request: Request, index: number) => Response | Promise<Response>;

export interface FakeFetch {
  fetch: (request: Request) => Promise<Response>;
  /** Every Request sent, in order. */
  requests: Request[];
  /** The last Request sent (throws when none was). */
  last(): Request;
}

/** JSON Response helper. */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** `answers`: one Response (or thrown error) per call in order, the last repeated; or a function. */
export function fakeFetch(answers: Responder | readonly (Response | Error | (() => Response))[] = [json({})]): FakeFetch {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    const index = requests.push(request.clone()) - 1;
    if (typeof answers === 'function') return answers(request, index);
    const a = answers[Math.min(index, answers.length - 1)];
    if (a instanceof Error) throw a;
    if (typeof a === 'function') return a();
    // A Response body can be read once: hand out a clone so the last answer can repeat.
    return a!.clone();
  };
  return {
    fetch,
    requests,
    last() {
      const r = requests.at(-1);
      if (!r) throw new Error('fakeFetch: no request was sent');
      return r;
    },
  };
}
