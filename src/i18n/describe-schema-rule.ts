/**
 * What a schema check (a zod issue of the settings or the mapping) asked for, as catalog data: the
 * rule's name (`rule`, whose template is `rule.<name>` in every language) and its parameters. The
 * text is the catalog's, so a settings or mapping error reads in the run's language; zod's own
 * message (English) is kept only for a check of our own (`custom`) that names no rule of the
 * catalog (`params.rule`), whose words zod carries.
 * One table by the zod issue's code; no zod locale is loaded (zod has no Kazakh, and its Russian
 * names the types in English).
 */
import { config, util, type z } from 'zod';
import type { IssueData } from '../core/issue.js';

type ZodIssue = z.core.$ZodIssue;

/** The types a rule names in words; another type is named as zod names it (`type` rule). */
const NAMED_TYPES = new Set(['number', 'int', 'string', 'boolean', 'object', 'array']);

/** The formats a rule names in words (`format_<name>`); another is named as zod names it (`format` rule). */
const NAMED_FORMATS = new Set(['url']);

/**
 * The type of the value a type check refused, never the value (it may be `clientSecret`): zod's
 * message says it (`…, received string`) also where the issue no longer holds the input.
 */
function describeReceivedType(issue: Extract<ZodIssue, { code: 'invalid_type' }>): string {
  return /, received (\S+)$/.exec(issue.message)?.[1] ?? util.parsedType(issue.input);
}

/** How a size limit is said, by what is limited (zod's `origin`). */
const SIZED: Readonly<Record<string, { least: string; most: string }>> = {
  number: { least: 'at_least', most: 'at_most' },
  int: { least: 'at_least', most: 'at_most' },
  bigint: { least: 'at_least', most: 'at_most' },
  string: { least: 'min_length', most: 'max_length' },
  array: { least: 'min_items', most: 'max_items' },
  set: { least: 'min_items', most: 'max_items' },
};

/** The rule of each zod issue code, as catalog data. */
const RULES: { readonly [C in ZodIssue['code']]?: (issue: Extract<ZodIssue, { code: C }>) => IssueData } = {
  invalid_type: (issue) => {
    const received = describeReceivedType(issue);
    return NAMED_TYPES.has(issue.expected) ? { rule: `type_${issue.expected}`, received } : { rule: 'type', expected: issue.expected, received };
  },
  too_small: (issue) => describeBound(issue.origin, 'least', issue.inclusive !== false, issue.minimum),
  too_big: (issue) => describeBound(issue.origin, 'most', issue.inclusive !== false, issue.maximum),
  invalid_value: (issue) => (issue.values.length === 1 ? { rule: 'equal_to', values: quoteValue(issue.values[0]) } : { rule: 'one_of', values: issue.values.map(quoteValue).join('|') }),
  invalid_format: (issue) => {
    if (issue.format === 'regex' && issue.pattern !== undefined) return { rule: 'pattern', pattern: issue.pattern };
    return NAMED_FORMATS.has(issue.format) ? { rule: `format_${issue.format}` } : { rule: 'format', format: issue.format };
  },
  not_multiple_of: (issue) => ({ rule: 'multiple_of', divisor: String(issue.divisor) }),
  invalid_union: () => ({ rule: 'invalid' }),
  invalid_key: () => ({ rule: 'invalid' }),
  invalid_element: () => ({ rule: 'invalid' }),
};

/** The rule a zod issue reports, with its parameters, for the catalog's `rule.<name>` templates. */
export function describeSchemaRule(issue: ZodIssue): IssueData {
  if (issue.code === 'custom') {
    const named = readNamedRule(issue.params);
    if (named !== undefined) return named;
  }
  const describe = RULES[issue.code] as ((issue: ZodIssue) => IssueData) | undefined;
  // A check of our own (`refine`), or one the schema words itself (`.regex(pattern, 'a column
  // letter …')`): its message is our text, carried by zod.
  return describe === undefined || isOwnMessage(issue) ? { rule: 'custom', detail: issue.message } : describe(issue);
}

/**
 * A check of our own that names its rule (`params: { rule: 'min_above_max', … }`): the rule and its
 * text data, so that its words are the catalog's (`rule.<rule>`) rather than the English zod carries.
 * `code` is the issue code the check chose, no datum of its text.
 */
function readNamedRule(params: Record<string, unknown> | undefined): IssueData | undefined {
  if (typeof params?.['rule'] !== 'string') return undefined;
  return Object.fromEntries(Object.entries(params).filter(([name, value]) => name !== 'code' && (typeof value === 'string' || typeof value === 'number'))) as IssueData;
}

/** True when the schema gave the check its own words: zod's (English) message for it would be another. */
function isOwnMessage(issue: ZodIssue): boolean {
  // A type's message names the input received, which an issue does not always keep; no schema of ours words a type.
  if (issue.code === 'invalid_type') return false;
  const zodWords = config().localeError?.(issue as unknown as Parameters<NonNullable<ReturnType<typeof config>['localeError']>>[0]);
  const text = typeof zodWords === 'string' ? zodWords : zodWords?.message;
  return text !== undefined && text !== issue.message;
}

function describeBound(origin: string, side: 'least' | 'most', inclusive: boolean, bound: number | bigint | Date): IssueData {
  const sized = SIZED[origin];
  const value = bound instanceof Date ? bound.toISOString() : String(bound);
  if (sized === undefined) return { rule: side === 'least' ? 'at_least' : 'at_most', bound: value };
  const name = sized[side];
  // Only a number's bound can be exclusive (`.positive()`, `.gt()`); a size is counted whole.
  return { rule: inclusive || !name.startsWith('at_') ? name : side === 'least' ? 'more_than' : 'less_than', bound: value };
}

function quoteValue(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : String(value);
}
