/**
 * `--json` output of a command that lists things: one JSON object per line, then the result line
 * every command ends with (docs/cli.md), so a script reads every command's output the same way.
 */

/** NDJSON: each item on its own line, then `{"type":"result","exitCode":…,…}`. */
export function renderJsonLines(items: readonly object[], result: Record<string, unknown>, exitCode = 0): string {
  return [...items, { type: 'result', exitCode, ...result }].map((item) => `${JSON.stringify(item)}\n`).join('');
}
