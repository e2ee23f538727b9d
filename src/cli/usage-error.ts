/**
 * Usage errors: what yargs found wrong with an invocation, turned into one line that names the
 * problem, followed by the command's usage. Thrown from yargs's `fail` hook, so validation stops
 * before any handler runs: nothing is opened, sent or written for a mistyped command line.
 */

import { countEdits } from '../core/count-edits.js';
import { createTranslator } from '../i18n/create-translator.js';
import type { MessageData, Translator } from '../i18n/create-translator.js';

/**
 * A mistake in the command line; the CLI prints it with the command's usage and exits 2. Its
 * `message` is English (the `--json` error line is language-neutral), `localMessage` the same in
 * the run's language.
 */
export class UsageError extends Error {
  override name = 'UsageError' as const;
  /** The usage of the command the mistake was made in (its first help line, or its whole help for a command group). */
  readonly usage: string;
  /** The message in the run's language. */
  readonly localMessage: string;
  constructor(message: string, usage: string, localMessage: string = message) {
    super(message);
    this.usage = usage;
    this.localMessage = localMessage;
  }
}

/** A message of the catalog: its key (`usage.*` in `terminal.json`) and data. */
interface Said {
  key: string;
  data?: MessageData;
}

/** Thrown by a command-line check: the mistake as a catalog message, so it reads in the run's language. */
export class UsageProblem extends Error {
  readonly said: Said;
  constructor(key: string, data?: MessageData) {
    super(createTranslator('en').translate(key, data));
    this.said = data === undefined ? { key } : { key, data };
  }
}

/** What the `fail` hook knows about the command being parsed. */
interface UsageContext {
  /** The run's language. */
  translator: Translator;
  /** The command's whole help text, as yargs renders it in English (its structure is read from it). */
  help: string;
  /** The same help in the run's language, shown for a command group; `help` when not given. */
  localHelp?: string;
  /** Options the command requires (long names). */
  demandedOptions: readonly string[];
  /** Every option name the command accepts (long names and aliases). */
  knownOptions: readonly string[];
  /** The command line as typed (to name a mistyped command or flag as it was written). */
  args: readonly string[];
}

/** Builds the usage error for a yargs failure message (yargs speaking English), or for a check's `UsageProblem`. */
export function buildUsageError(message: string, context: UsageContext, problem?: unknown): UsageError {
  // yargs checks required options before unknown ones, so `--maping x` would read "missing
  // --mapping"; the misspelt flag is the root cause and is named first.
  const unknown = /^Unknown arguments?:/.test(message.trim()) ? [] : findUnknownFlags(context.args, context.knownOptions);
  const first = unknown.length ? `Unknown argument${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}` : message;
  const say = (t: Translator): string => (problem instanceof UsageProblem && unknown.length === 0 ? t.translate(problem.said.key, problem.said.data) : rewordMessage(first, context, t));
  return new UsageError(say(createTranslator('en')), renderUsage(context), say(context.translator));
}

/** Flags typed before `--` that the command does not know (long names without `--`/`no-`, short letters). */
function findUnknownFlags(args: readonly string[], knownOptions: readonly string[]): string[] {
  const known = new Set(knownOptions);
  const end = args.indexOf('--');
  const unknown: string[] = [];
  for (const arg of end < 0 ? args : args.slice(0, end)) {
    const long = /^--([^=]+)/.exec(arg)?.[1];
    if (long !== undefined) {
      const name = long.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      if (!known.has(name) && !(name.startsWith('no-') && known.has(name.slice(3)))) unknown.push(name);
      continue;
    }
    const shorts = /^-([a-zA-Z]+)(?:=|$)/.exec(arg)?.[1];
    if (shorts !== undefined) for (const letter of shorts) if (!known.has(letter)) unknown.push(letter);
  }
  return [...new Set(unknown)];
}

/**
 * A command group (the tool itself, `products`, `mapping`…) shows its list of commands; a command
 * shows its usage line with what it requires, and where the rest is.
 */
function renderUsage(context: UsageContext): string {
  const help = context.help.trimEnd();
  if (/^Commands:$/m.test(help)) return (context.localHelp ?? help).trimEnd();
  const usageLine = help.split('\n')[0] ?? '';
  const positionals = new Set([...usageLine.matchAll(/<([^>.]+)(?:\.\.)?>/g)].map((m) => m[1]));
  const required = context.demandedOptions
    .filter((name) => !positionals.has(name))
    .map((name) => `--${name} <${name}>`)
    .join(' ');
  const command = usageLine.replace(/\s*\[.*$/, '').replace(/\s<.*$/, '').trim();
  const t = context.translator;
  return `${t.translate('usage.usage', { usage: [usageLine.trim(), required, t.translate('usage.options')].filter(Boolean).join(' ') })}\n${t.translate('usage.more', { command })}`;
}

type Rewording = (message: string, context: UsageContext, t: Translator) => string | null;

/** Messages of yargs (parsing in English) reworded to say which argument or option is wrong and what would be right, in the language of `t`. */
const REWORDINGS: readonly Rewording[] = [
  (message, context, t) => {
    const match = /^Did you mean (\S+)\?$/.exec(message);
    if (!match?.[1]) return null;
    const meant = match[1];
    const words = context.args.filter((arg) => !arg.startsWith('-'));
    const typed = words.filter((word) => word !== meant).sort((a, b) => countEdits(a, meant) - countEdits(b, meant))[0];
    return typed === undefined ? t.translate('usage.unknown_command', { meant }) : t.translate('usage.unknown_command_named', { typed, meant });
  },
  (message, context, t) => {
    const match = /^Unknown arguments?: (.+)$/.exec(message);
    if (!match?.[1]) return null;
    const all = match[1].split(', ');
    // yargs names a flag twice (`such-flag`, `suchFlag`); keep the spelling that was typed.
    const names = all.filter((name) => !/[A-Z]/.test(name) || !all.includes(name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)));
    const known = context.knownOptions;
    // A bare word yargs could not place is an extra argument, not a flag.
    const extra = names.filter((name) => context.args.includes(name));
    const flags = names.filter((name) => !extra.includes(name));
    const described = flags.map((name) => {
      const flag = writtenFlag(name, context.args);
      const near = suggestOption(name, known);
      return near ? t.translate('usage.flag_meant', { flag, meant: `--${near}` }) : flag;
    });
    const parts = [
      described.length ? t.translate('usage.unknown_options', { count: described.length, flags: described.join(', ') }) : '',
      extra.length ? t.translate('usage.unexpected_arguments', { count: extra.length, words: extra.map((word) => JSON.stringify(word)).join(', ') }) : '',
    ];
    return parts.filter(Boolean).join('; ');
  },
  (message, _context, t) => {
    const match = /^Missing required arguments?: (.+)$/.exec(message);
    if (!match?.[1]) return null;
    const names = match[1].split(', ');
    return t.translate('usage.missing_options', { count: names.length, flags: names.map((name) => `--${name}`).join(', ') });
  },
  (message, context, t) => {
    if (message === NAME_A_COMMAND) return t.translate('usage.name_command');
    const subcommands = /^Name a subcommand: (.+)$/.exec(message)?.[1];
    if (subcommands !== undefined) return t.translate('usage.name_subcommand', { names: subcommands.split(/, | or /).join(', ') });
    const match = /^Not enough non-option arguments: got (\d+), need at least (\d+)$/.exec(message);
    if (!match) return null;
    const positionals = [...(context.help.split('\n')[0] ?? '').matchAll(/<([^>]+)>/g)].map((m) => (m[1] ?? '').replace(/\.\.$/, ''));
    if (/^Commands:$/m.test(context.help) && positionals.length === 0) return t.translate('usage.name_command');
    const missing = positionals.slice(Number(match[1]), Math.max(Number(match[2]), Number(match[1]) + 1));
    return missing.length
      ? t.translate('usage.missing_arguments', { names: missing.map((name) => name.toUpperCase()).join(', '), placeholders: missing.map((name) => `<${name}>`).join(', ') })
      : null;
  },
  (message, _context, t) => {
    const match = /^Invalid values?:\s*\n?\s*Argument: ([^,]+), Given: (.+), Choices: (.+)$/s.exec(message);
    if (!match) return null;
    return t.translate('usage.not_a_choice', { flag: `--${(match[1] ?? '').trim()}`, given: (match[2] ?? '').trim(), choices: (match[3] ?? '').trim() });
  },
];

/** What `demandCommand` says when no command is named; reworded like the rest. */
export const NAME_A_COMMAND = 'name a command';

function rewordMessage(message: string, context: UsageContext, t: Translator): string {
  const oneLine = message.trim();
  for (const reword of REWORDINGS) {
    const text = reword(oneLine, context, t);
    if (text !== null) return text;
  }
  // A message of yargs no rewording knows: as yargs wrote it.
  return oneLine.replace(/\s*\n\s*/g, ' ');
}

function writtenFlag(name: string, args: readonly string[]): string {
  if (name.length === 1) return `-${name}`;
  const negated = `--no-${name}`;
  if (!args.some((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`)) && args.some((arg) => arg === negated || arg.startsWith(`${negated}=`))) return negated;
  return `--${name}`;
}

/** The known option closest to a mistyped one: a prefix of it, or at most two edits away. */
function suggestOption(name: string, known: readonly string[]): string | null {
  let best: { option: string; distance: number } | null = null;
  for (const option of known) {
    if (option.length < 2) continue;
    const distance = option.startsWith(name) && name.length >= 3 ? 0.5 : countEdits(name, option);
    if (distance <= Math.min(2, Math.floor(option.length / 3)) && (best === null || distance < best.distance)) best = { option, distance };
  }
  return best?.option ?? null;
}
