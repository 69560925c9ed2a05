// The body step of every operation that takes a body: JSON or application/x-www-form-urlencoded
// (decision *-form), anything else 415. An empty body stays `undefined` (a required body is then
// "missing", not `{}`). Form values stay strings here: they are coerced with the rest of the
// request, by the document, in the validation step (server/validation/scalar-coercion.ts).
// Exchange POST parameters may also come in the URL query (X-query-body): they join the body here,
// before auth, so X1 covers them as it always did. JSON bodies are parsed as before: forms are
// only parsed when the content type says form.
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { OperationSpec } from '../../contracts/shared/operation.ts';
import { MalformedFormError, RequestValidationError, UnsupportedMediaTypeError, type ValidationIssue } from '../core/errors.ts';
import { parseForm } from './form-body.ts';
import { bodyKindOf, markQueryFields, queryOf, setBodyKind, setQuery } from '../core/request-view.ts';

export interface BodyOptions {
  limit: string;
  /** Also coerce canonical numeric and boolean strings of JSON bodies (merchant, partner; in the validation step). */
  lenientJson?: boolean;
  /** Body fields may come in the URL query (exchange POST, as Peatio merged query and body). */
  queryFields?: boolean;
  /** The top-level fields of the operation's body, from the document. */
  fields: Set<string>;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;
const UTF8 = new Set(['utf-8', 'utf8', 'us-ascii']);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const topName = (key: string) => {
  const i = key.indexOf('[');
  return i < 0 ? key : key.slice(0, i);
};

const UTF8_STRICT = new TextDecoder('utf-8', { fatal: true });

/** The bytes of a form body as text: invalid UTF-8 is refused, not replaced (a signed value must stay what was sent). */
function formText(body: unknown): string {
  if (!Buffer.isBuffer(body)) return '';
  try {
    return UTF8_STRICT.decode(body);
  } catch {
    throw new MalformedFormError('body: not valid UTF-8');
  }
}

/** The body parser of one operation. */
export function requestBody(op: OperationSpec, o: BodyOptions): RequestHandler {
  const json = express.json({ limit: o.limit, strict: true, type: () => true });
  const raw = express.raw({ limit: o.limit, type: () => true });
  // A name that is also a declared query parameter stays a query parameter.
  const declaredQuery = new Set(Object.keys(op.request?.query?.shape ?? {}));
  const queryFields = o.queryFields && op.method === 'post' ? [...o.fields].filter((k) => !declaredQuery.has(k)) : [];
  const bodyFields = new Set(queryFields);

  /** Exchange: body fields found in the query join the body; one given in both places is 1001. */
  function mergeQueryFields(req: Request): void {
    const query = queryOf(req);
    let found = false;
    for (const k in query) if (bodyFields.has(topName(k))) found = true;
    if (!found) return;
    const body: unknown = req.body;
    if (body !== undefined && !isRecord(body)) return; // not an object: the validator says so
    // Re-read the raw query with the form rules: `orders[][side]=..` must nest as in a form body.
    const raw = req.originalUrl.slice(req.originalUrl.indexOf('?') + 1);
    const parsed = parseForm(raw, { location: 'query' });
    const target: Record<string, unknown> = body ?? {};
    const rest = { ...query };
    const issues: ValidationIssue[] = [];
    for (const [k, v] of Object.entries(parsed)) {
      if (!bodyFields.has(k)) continue;
      for (const q of Object.keys(rest)) if (topName(q) === k) delete rest[q];
      if (Object.hasOwn(target, k)) issues.push({ location: 'query', field: k, message: 'is given both in the URL query and in the body; send it once' });
      else target[k] = v;
    }
    if (issues.length > 0) throw new RequestValidationError(issues);
    // Text from the URL: coerced by the document like a form body's (a JSON body's own values are not).
    if (body === undefined) setBodyKind(req, 'query');
    else if (bodyKindOf(req) === 'json') markQueryFields(req, Object.keys(parsed).filter((k) => bodyFields.has(k)));
    req.body = target;
    setQuery(req, rest);
  }

  const finish = (req: Request, next: NextFunction) => (err?: unknown) => {
    if (err) return next(err);
    try {
      if (bodyFields.size > 0) mergeQueryFields(req);
    } catch (e) {
      return next(e);
    }
    next();
  };

  return function requestBodyParser(req: Request, res: Response, next: NextFunction): void {
    const type = req.headers['content-type'];
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    const done = finish(req, next);
    if (!hasBody) return done();
    if (type !== undefined && JSON_TYPE.test(type)) {
      return json(req, res, (err?: unknown) => {
        if (!err) setBodyKind(req, 'json');
        done(err);
      });
    }
    if (type !== undefined && FORM_TYPE.test(type)) {
      const charset = CHARSET.exec(type)?.[1]?.toLowerCase();
      if (charset !== undefined && !UTF8.has(charset)) return next(new UnsupportedMediaTypeError(type));
      return raw(req, res, (err?: unknown) => {
        if (err) return next(err);
        try {
          const text = formText(req.body);
          // An empty form (a chunked empty body, say) is no body at all.
          req.body = text === '' ? undefined : parseForm(text);
          if (req.body !== undefined) setBodyKind(req, 'form');
        } catch (e) {
          return next(e);
        }
        done();
      });
    }
    next(new UnsupportedMediaTypeError(type));
  };
}
