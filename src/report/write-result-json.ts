/**
 * The result object that ends `validate --json` / `import --json`: the run, its counts and every
 * issue, as `summary.json` lists them, so that a script needs no second file. The issues are
 * streamed from `issues.ndjson` a line at a time, never held in memory together.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { RunReportPaths } from './write-run-report.js';
import type { RunSummary } from './report-types.js';

/** What a data command returns, and its `--json` result line is made of. */
export interface RunResult {
  runId: string;
  /** Folder of the report. */
  reportDir: string;
  /** Files written, by kind: `issues.ndjson` and `report.html` always. */
  reportPaths: Required<RunReportPaths>;
  summary: RunSummary;
  exitCode: number;
}

const CHUNK_CHARS = 1 << 16;

/**
 * Writes `{"type":"result", …, "issues":[…]}` and a newline through `write`, in chunks: the issues
 * are the lines of the run's `issues.ndjson`.
 */
export async function writeResultJson(parts: RunResult, write: (chunk: string) => void): Promise<void> {
  const { summary } = parts;
  const head = {
    type: 'result',
    runId: parts.runId,
    exitCode: parts.exitCode,
    reportDir: parts.reportDir,
    reportPaths: parts.reportPaths,
    counts: summary.counts,
  };
  let buffer = `${JSON.stringify(head).slice(0, -1)},"issues":[`;
  let first = true;
  const add = (json: string): void => {
    buffer += first ? json : `,${json}`;
    first = false;
    if (buffer.length >= CHUNK_CHARS) {
      write(buffer);
      buffer = '';
    }
  };
  const lines = createInterface({ input: createReadStream(parts.reportPaths.issues, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of lines) if (line !== '') add(line);
  write(`${buffer}]}\n`);
}
