/** Scheduled file drops: the `watch` command's library (see docs/watch.md). */
export { runWatch } from './run-watch.js';
export type { WatchOptions, WatchResult } from './run-watch.js';
export { renderWatchLogLine, describeFileRecord } from './render-watch-log.js';
export type { WatchFileCounts, WatchFileRecord, WatchLogFormat, WatchLogRecord, WatchNoticeEvent, WatchNoticeRecord, WatchOutcome } from './render-watch-log.js';
export { isIgnoredFile, parseMarkerName, MARKER_SUFFIX } from './is-ignored-file.js';
export { checkFileStability, checkSettling } from './check-file-stability.js';
export type { FileSnapshot, StabilityCheck, StabilityEntry, StabilityState } from './check-file-stability.js';
export { planWatchCycle } from './plan-watch-cycle.js';
export type { WatchCycleInput, WatchCyclePlan } from './plan-watch-cycle.js';
export { buildWatchFolders, WATCH_LOCK_FILE } from './watch-folders.js';
export type { WatchFolders } from './watch-folders.js';
