#!/usr/bin/env node
/**
 * The CLI entry, and the only place that exits (through `run-process.ts`).
 *
 * `catalog-import --version` (or `-v`) alone is answered before anything else loads: it is what
 * scripts and shells run to see the tool is there, and yargs with the command table costs more than
 * the answer (issue 39). The text is the one yargs prints for it, `TOOL_VERSION` and a newline.
 * Everything else loads the process's runner through `import()`; in the built package that runner is
 * a bundle with V8's code cache (scripts/bundle-cli.mjs).
 *
 * Where Node keeps compiled code between runs (`module.enableCompileCache`, Node 22+), the CLI asks
 * for it, for the modules Node's loader loads (the entry's own, and the packages outside the bundle):
 * compiling code is the largest single cost of a small dry run (docs/history/performance-rounds.md, "Start-up (issue 39)").
 * Node 20 has no such cache; the call is then absent and skipped. The runner's bundle has a code cache
 * of its own, made by the build.
 */
import nodeModule from 'node:module';
import { TOOL_VERSION } from '../core/version.js';

(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

const given = process.argv.slice(2);
if (given.length === 1 && (given[0] === '--version' || given[0] === '-v')) process.stdout.write(`${TOOL_VERSION}\n`);
else {
  // The heap's tuning comes before the runner is compiled: V8 accepts a code cache only under the
  // flags it was made with, and the build makes the bundle's cache under this tuning.
  const { applyHeapTuning } = await import('./tune-heap.js');
  applyHeapTuning(process.execArgv);
  const { runProcess } = await import('./run-process.js');
  await runProcess();
}
