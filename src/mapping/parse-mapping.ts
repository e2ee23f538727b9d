/** Pure parsing of a mapping document (already YAML-decoded) into a typed `Mapping`. */
import type { z } from 'zod';
import { createIssue, type Issue, type IssueData } from '../core/issue.js';
import { describeSchemaRule } from '../i18n/describe-schema-rule.js';
import type { MappingIssueCode } from './issue-codes.js';
import type { ServiceRequirableField } from '../settings/service-profile-schema.js';
import { applyRequiredFieldDefaults } from './apply-service-requirements.js';
import { mappingSchema, type Mapping } from './mapping-schema.js';

/** What the service profile adds to parsing. */
export interface ParseMappingOptions {
  /** The profile's `service.requiredFields`: the default of `validation.requireBarcode`. */
  requiredFields?: readonly ServiceRequirableField[] | undefined;
}

/** The result of `parseMapping`: the mapping, or every problem found. */
export type ParseMappingResult = { mapping: Mapping; issues?: never } | { mapping?: never; issues: Issue[] };

/**
 * Checks a decoded mapping document against the schema and applies defaults. Never throws for a
 * bad document: each problem becomes an issue with its dotted `path` and the mapping `file`.
 * With the profile's required fields, what the document leaves unsaid follows the service.
 */
export function parseMapping(document: unknown, file?: string, options: ParseMappingOptions = {}): ParseMappingResult {
  const input = options.requiredFields === undefined ? document : applyRequiredFieldDefaults(document, options.requiredFields);
  const result = mappingSchema.safeParse(input, { reportInput: true });
  if (result.success) return { mapping: result.data };
  return { issues: buildMappingIssues(result.error.issues, file) };
}

/** Converts zod issues of the mapping schema into our issues (one per zod issue, unions flattened to their best branch). */
function buildMappingIssues(zodIssues: readonly z.core.$ZodIssue[], file?: string): Issue[] {
  const issues: Issue[] = [];
  for (const zodIssue of zodIssues) {
    issues.push(
      createIssue({
        stage: 'mapping',
        severity: 'error',
        code: pickCode(zodIssue),
        data: describeIssue(zodIssue),
        file,
        path: formatPath(zodIssue.path),
      }),
    );
  }
  return issues;
}

/** A zod path as text: `attributes[2].values`. */
function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text === '' ? '(root)' : text;
}

function pickCode(issue: z.core.$ZodIssue): MappingIssueCode {
  switch (issue.code) {
    case 'invalid_type':
      return 'mapping_invalid_type';
    case 'invalid_value':
    case 'invalid_format':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return 'mapping_invalid_value';
    case 'too_big':
    case 'too_small':
      return 'mapping_out_of_range';
    case 'unrecognized_keys':
      return 'mapping_unknown_key';
    case 'custom': {
      const code = (issue.params as { code?: MappingIssueCode } | undefined)?.code;
      return code ?? 'mapping_invalid';
    }
    default:
      return 'mapping_invalid';
  }
}

/** The data of a zod issue's message; zod's own words (`detail`, English) for the rest. */
function describeIssue(issue: z.core.$ZodIssue): IssueData {
  switch (issue.code) {
    case 'unrecognized_keys':
      return { variant: 'keys', keys: issue.keys.map((k) => `"${k}"`).join(', '), count: issue.keys.length };
    case 'invalid_type':
      return issue.input === undefined ? { variant: 'required', expected: issue.expected } : { variant: 'expected', expected: issue.expected, got: describeInput(issue.input) };
    case 'invalid_union': {
      // A column may be text or {letter}/{header}; zod's plain "Invalid input" helps nobody.
      const expected = new Set<string>();
      for (const branch of issue.errors) {
        for (const inner of branch) expected.add(inner.code === 'invalid_type' && inner.path.length === 0 ? inner.expected : inner.message);
      }
      return { variant: 'expected', expected: [...expected].join(' or '), got: describeInput(issue.input) };
    }
    case 'custom': {
      // A check of our own: the catalog's words when it names its rule, else its own, carried by zod.
      const rule = describeSchemaRule(issue);
      return rule['rule'] === 'custom' ? { variant: 'detail', detail: issue.message } : { variant: 'rule', ...rule };
    }
    default:
      // What the schema asked for, as data: the text is the catalog's, in the run's language.
      return { variant: 'rule', ...describeSchemaRule(issue) };
  }
}

function describeInput(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'a list';
  if (typeof input === 'object') return 'a mapping';
  return `${typeof input} ${JSON.stringify(input)}`;
}
