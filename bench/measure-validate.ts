/**
 * The dry run (`validate`) end to end, through the library as the CLI calls it: embedded sandbox
 * start and directories fetch (`prepare`, which also hashes the file), the streamed read → map →
 * validate → assemble → spool (`read`), the payloads (`build`) and the report folder (`report`,
 * which reads the file a second time for the annotated copy). Each part is timed separately.
 * ANNOTATED_COPY is the `annotatedCopy` setting: `auto` (the default: a clean file gets no copy) or
 * `always` (the copy is written, as for any file with an issue).
 * Usage: node --import tsx bench/measure-validate.ts FILE MAPPING STATE_DIR [ANNOTATED_COPY]
 */
import { applyHeapTuning } from '../src/cli/tune-heap.js';
import { createNodeDeps } from '../src/core/deps.js';
import type { PipelineEvent } from '../src/core/events.js';
import { runValidate } from '../src/pipeline/run-validate.js';
import { resolveSettings } from '../src/settings/resolve-settings.js';
import { printMeasurement, readArgs, readClock, startRssSampler } from './measure-support.js';

applyHeapTuning(process.execArgv);
const [file, mapping, stateDir, annotatedCopy = 'auto'] = readArgs(3, 'measure-validate.ts FILE MAPPING STATE_DIR [ANNOTATED_COPY]') as [string, string, string, string?];
const marks: Record<string, number> = {};
// CPU time (user + system, every thread of the process) at the start of each stage: on a shared
// machine wall times swing with the load, CPU times much less.
const cpuMarks: Record<string, number> = {};
const readCpu = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const onEvent = (event: PipelineEvent): void => {
  if (event.type === 'stage:start') {
    marks[event.stage] ??= readClock();
    cpuMarks[event.stage] ??= readCpu();
  }
};
const settings = resolveSettings({ flags: { sandbox: true, stateDir, annotatedCopy } });
const sampler = startRssSampler();
const start = readClock();
const startCpu = readCpu();
const result = await runValidate({ file, mapping, settings }, createNodeDeps({ onEvent }));
const end = readClock();
const endCpu = readCpu();
const peakRssBytes = sampler.stop();
const { timings, counts } = result.summary;
const reportStart = marks['report'] ?? end;
printMeasurement({
  kind: 'validate',
  rows: counts.rows,
  ms: end - start,
  peakRssBytes,
  extra: {
    exitCode: result.exitCode,
    annotatedCopy: result.reportPaths.annotated !== null,
    products: counts.products,
    errors: counts.issuesBySeverity.error,
    warnings: counts.issuesBySeverity.warning,
    prepareMs: timings['prepare'] ?? 0,
    readMs: timings['read'] ?? 0,
    buildMs: timings['build'] ?? 0,
    reportMs: end - reportStart,
    cpuMs: endCpu - startCpu,
    reportCpuMs: endCpu - (cpuMarks['report'] ?? endCpu),
  },
});
