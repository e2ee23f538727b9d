/**
 * The notice printed when Ctrl-C or SIGTERM arrives. A person reads text; a log collector reading
 * `--json` or `--log-format json` output (journald merges stderr into the same stream) gets one JSON
 * line, so a `jq` pipeline over the log does not break on it.
 */

/** True when the command line asks for machine output. */
export function wantsJsonOutput(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  const flags = end < 0 ? args : args.slice(0, end);
  return flags.some((arg, i) => arg === '--json' || arg === '--json=true' || arg === '--log-format=json' || (arg === '--log-format' && flags[i + 1] === 'json'));
}

/** The notice, ending in a newline, in the format the command line asked for. */
export function renderSignalNotice(signal: string, args: readonly string[], now: Date): string {
  const message = `${signal}: finishing the requests in flight and keeping the state; press Ctrl-C again to stop at once`;
  if (wantsJsonOutput(args)) return `${JSON.stringify({ time: now.toISOString(), level: 'warn', event: 'signal', signal, message })}\n`;
  return `\n${message}\n`;
}
