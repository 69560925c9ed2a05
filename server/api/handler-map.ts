// Handler maps typed from the contracts (ts-rest style): a mapped type over an API's operations.
// A handler gets its request parts typed as the Zod schemas output them (the values are the request
// validated against the document, server/validation) and returns `{status, body}`
// narrowed to the responses the operation declares, so a missing or misspelled handler, a wrong
// body field or an undeclared status is a compile error.
import type { Request } from 'express';
import type { z } from 'zod';
import type { OperationMap, OperationSpec } from '../../contracts/shared/operation.ts';
import type { ExchangePrincipal, MerchantPrincipal, PartnerPrincipal } from '../auth/principal.ts';

type Part<R, K extends 'params' | 'query'> = R extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : Record<string, never>;
type BodyOf<R> = R extends { body: { schema: infer S extends z.ZodType } } ? z.output<S> : undefined;

/** Literal status keys only: an index signature (`Record<number, ...>`) contributes none. */
type DeclaredStatus<Rs> = keyof { [K in keyof Rs as number extends K ? never : K extends number ? K : never]: 0 } & number;

/**
 * One `{status, body}` per declared response. A response with a schema has that body; one typed
 * only as the generic ResponseSpec (`schema?: ZodType`) has a body of its schema's type, as far as
 * the contract's types tell; a response without a schema (204) has none.
 */
export type HandlerResult<Op extends OperationSpec> = {
  [S in DeclaredStatus<Op['responses']>]: Op['responses'][S] extends { schema: infer B extends z.ZodType }
    ? { status: S; body: z.output<B>; headers?: Record<string, string> }
    : Op['responses'][S] extends { schema?: infer B }
      ? 'schema' extends keyof Op['responses'][S]
        ? { status: S; body: z.output<NonNullable<B> & z.ZodType>; headers?: Record<string, string> }
        : { status: S; body?: undefined; headers?: Record<string, string> }
      : { status: S; body?: undefined; headers?: Record<string, string> };
}[DeclaredStatus<Op['responses']>];

/** What a handler receives. `principal` is the verified caller (undefined on public operations). */
export interface HandlerInput<Op extends OperationSpec, P> {
  params: Part<Op['request'], 'params'>;
  query: Part<Op['request'], 'query'>;
  body: BodyOf<Op['request']>;
  principal: P;
  /** The Express request, for what the contract does not cover (IP, headers). */
  req: Request;
}

export type Handler<Op extends OperationSpec, P> = (input: HandlerInput<Op, P>) => HandlerResult<Op> | Promise<HandlerResult<Op>>;

/** Principal of an operation: none when it declares no security requirement. */
export type PrincipalFor<Op extends OperationSpec, P> = Op['security'] extends readonly [] ? undefined : P;

/** A complete handler map of an API: one handler per operationId, nothing else. */
export type HandlerMap<Ops extends OperationMap, P> = { [K in keyof Ops]: Handler<Ops[K], PrincipalFor<Ops[K], P>> };

/** What `createServer({ handlers })` takes per API: any subset; the defaults fill the rest. */
export type HandlerOverrides<Ops extends OperationMap, P> = Partial<HandlerMap<Ops, P>>;

/** Loosely typed view the router uses at run time (after the typed map has been checked): the router's own type. */
export type { AnyHandler } from '../http/routed-api.ts';

export type { ExchangePrincipal, MerchantPrincipal, PartnerPrincipal };

/**
 * A helper per API that types a part of its handler map from the object's own keys, so a handler
 * file names each operation once: `const exchangeHandlers = handlersOf<ExchangeHandlers>()`, then
 * `exchangeHandlers({ getTicker: ({ params }) => ... })` has the type `Pick<ExchangeHandlers, 'getTicker'>`.
 */
export const handlersOf =
  <M>() =>
  <K extends keyof M>(handlers: Pick<M, K>): Pick<M, K> =>
    handlers;
