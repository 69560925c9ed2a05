// A rule between the fields of one object ("this field or those", "these only when that flag is
// false"), declared once. `withRule` derives both forms from the declaration: the Zod check
// (`.superRefine`, what the clients and the CSV validator run) and the JSON Schema form written into
// the document (`allOf: [{anyOf}]` / `minProperties`, what the server and any other validator enforce). Two
// hand copies drifted apart silently; one declaration cannot.
import { z } from './zod.ts';

type Fields = readonly string[];

/** The object holds every field of at least one group; an issue on each missing field otherwise. */
export interface RequireOneOf {
  readonly kind: 'requireOneOf';
  readonly groups: readonly Fields[];
  /** An empty string counts as absent (CSV cells): the JSON form adds `minLength: 1` to each branch. */
  readonly emptyIsAbsent?: boolean;
  /** The fields that get an issue when missing; every field of every group unless given. */
  readonly issueOn?: Fields;
  readonly message: string;
}

/**
 * A boolean flag with default false chooses: true forbids the `forbid` fields, false (or absent)
 * asks for `otherwise`.
 */
export interface FlagChooses {
  readonly kind: 'flagChooses';
  readonly flag: string;
  readonly forbid: Fields;
  readonly forbidMessage: string;
  readonly otherwise: RequireOneOf;
}

/**
 * At least one property (`minProperties: 1`). Zod counts the properties it kept, JSON Schema every
 * property sent: the two agree where the object refuses unknown properties, or where undeclared
 * ones are dropped before validation (as this server does).
 */
export interface AtLeastOneProperty {
  readonly kind: 'atLeastOneProperty';
  readonly message: string;
}

export type ObjectRule = RequireOneOf | FlagChooses | AtLeastOneProperty;

export const requireOneOf = (groups: readonly Fields[], options: Omit<RequireOneOf, 'kind' | 'groups'>): RequireOneOf => ({ kind: 'requireOneOf', groups, ...options });

export const flagChooses = (options: Omit<FlagChooses, 'kind'>): FlagChooses => ({ kind: 'flagChooses', ...options });

export const atLeastOneProperty = (message: string): AtLeastOneProperty => ({ kind: 'atLeastOneProperty', message });

export interface RuleIssue {
  /** The field the issue is on; empty for the object as a whole. */
  path: string[];
  message: string;
}

/** The issues `rule` finds in `value` (an object Zod has already parsed); none when it holds. */
export function ruleIssues(rule: ObjectRule, value: Record<string, unknown>): RuleIssue[] {
  switch (rule.kind) {
    case 'requireOneOf': {
      const present = (f: string) => value[f] !== undefined && !(rule.emptyIsAbsent && value[f] === '');
      if (rule.groups.some((group) => group.every(present))) return [];
      const fields = rule.issueOn ?? [...new Set(rule.groups.flat())];
      return fields.filter((f) => !present(f)).map((f) => ({ path: [f], message: rule.message }));
    }
    case 'flagChooses':
      if (value[rule.flag] !== true) return ruleIssues(rule.otherwise, value);
      return rule.forbid.filter((f) => value[f] !== undefined).map((f) => ({ path: [f], message: rule.forbidMessage }));
    case 'atLeastOneProperty':
      return Object.keys(value).length > 0 ? [] : [{ path: [], message: rule.message }];
  }
}

/**
 * The rule as JSON Schema keywords of the object's schema. A choice between field groups is an
 * `anyOf` inside an `allOf`: the object must satisfy it as well as its own properties. Validators
 * read both spellings alike, but generators read an `anyOf` beside `properties` as "this shape or
 * one of these": openapi-typescript, with its default options, typed the body as
 * `{...} | unknown | unknown`, that is `unknown`. Inside `allOf` it is an intersection, which keeps
 * the object's fields typed.
 */
export function ruleJsonSchema(rule: ObjectRule): Record<string, unknown> {
  switch (rule.kind) {
    case 'requireOneOf':
      return {
        allOf: [
          {
            anyOf: rule.groups.map((group) =>
              rule.emptyIsAbsent ? { required: [...group], properties: Object.fromEntries(group.map((f) => [f, { minLength: 1 }])) } : { required: [...group] },
            ),
          },
        ],
      };
    case 'flagChooses':
      return {
        allOf: [
          {
            anyOf: [
              { required: [rule.flag], properties: { [rule.flag]: { const: true }, ...Object.fromEntries(rule.forbid.map((f) => [f, { not: {} }])) } },
              ...rule.otherwise.groups.map((group) => ({ required: [...group], properties: { [rule.flag]: { const: false } } })),
            ],
          },
        ],
      };
    case 'atLeastOneProperty':
      return { minProperties: 1 };
  }
}

/**
 * A property that must not be sent (a market order's price), both forms from here: zod-to-openapi
 * cannot map z.never, so Zod refines any present value away and the document says `not: {}`.
 */
export const absentField = (message: string, metadata: { description: string }) =>
  z
    .unknown()
    .refine((v) => v === undefined, message)
    .optional()
    .openapi({ ...metadata, not: {} });

/** Every schema built by `withRule`, by component name: the agreement test walks them. */
export const ruledSchemas = new Map<string, { schema: z.ZodObject; rule: ObjectRule }>();

/**
 * `schema` with `rule` checked by Zod and written into its component `name` (after `metadata`,
 * so the document keeps its key order: description first).
 */
export function withRule<S extends z.ZodObject>(schema: S, rule: ObjectRule, name: string, metadata: { description: string }): S {
  const ruled = schema
    .superRefine((value, ctx) => {
      for (const issue of ruleIssues(rule, value as Record<string, unknown>)) {
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
    })
    .openapi(name, { ...metadata, ...ruleJsonSchema(rule) } as never) as S;
  ruledSchemas.set(name, { schema: ruled, rule });
  return ruled;
}
