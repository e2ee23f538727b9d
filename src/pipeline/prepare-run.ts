/**
 * What every data command needs before the rows: the mapping (read → parse → rules), the service
 * (live or sandbox), the local state of that account, and the directories. Mapping problems are
 * all reported together before any row is touched.
 */
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Directories } from '../domain/index.js';
import type { Deps } from '../core/deps.js';
import { MappingError, SourceChangedError, SourceReadError } from '../core/errors.js';
import { hasErrors } from '../core/issue.js';
import type { Issue } from '../core/issue.js';
import { checkServiceRequirements } from '../mapping/apply-service-requirements.js';
import { checkMappingRules } from '../mapping/check-mapping-rules.js';
import type { DirectoryIndex } from '../mapping/directory-index.js';
import { loadCachedMapping } from '../mapping/load-cached-mapping.js';
import { locateMappingIssues } from '../mapping/locate-mapping-issues.js';
import type { LoadedMapping } from '../mapping/read-mapping-file.js';
import type { Mapping } from '../mapping/mapping-schema.js';
import type { ResolvedSettings } from '../settings/resolve-settings.js';
import { describeServiceAccount } from './describe-service-account.js';
import { createTranslator } from '../i18n/create-translator.js';
import type { ScratchOwner } from './scratch/scratch-files.js';
import type { Translator } from '../i18n/create-translator.js';
import { chooseLanguage } from '../i18n/language.js';
import type { Settings } from '../settings/settings-schema.js';
import { buildAccountKey } from '../state/account-key.js';
import { openStateStore } from '../state/open-state-store.js';
import type { NewRun, StateStore } from '../state/types.js';
import { buildReadOptions } from '../mapping/build-read-options.js';
import { createReportsRoot } from './create-reports-root.js';
import { chooseBatchSize } from '../stages/build-batches.js';
import type { ReadOptions } from '../sources/types.js';
import { describeChangeSinceHash, readFileFingerprint } from './file-fingerprint.js';
import type { FileFingerprint, KnownFileHash } from './file-fingerprint.js';
import { hashFile } from './hash-file.js';
import { indexLoadedDirectories, loadServiceDirectoriesOf } from './load-directories.js';
import { openSourceEarly } from './open-source-early.js';
import type { EarlySource } from './open-source-early.js';
import { openService } from './open-service.js';
import type { ServiceContext } from './open-service.js';

/** Inputs of a data command. */
export interface RunInputs {
  /** Input file as the user named it. */
  file: string;
  /** How messages and the report name the input file, when not as `file` (standard input, read from a temporary copy). */
  fileName?: string | undefined;
  /** Mapping file as the user named it. */
  mapping: string;
  settings: ResolvedSettings;
  /**
   * The file's hash taken just before (the watcher hashes a dropped file to recognise a duplicate):
   * the run takes it instead of reading the file a second time, when the file's fingerprint is
   * still the one it was taken at. When it is not, the run throws `SourceChangedError` before
   * anything is read or sent: the hash would not be of what the run reads, and the decision made
   * with it (not a duplicate) would be of another content.
   */
  knownHash?: KnownFileHash | undefined;
  /**
   * The mapping the caller has just loaded from `mapping` (the watcher does, for its duplicate
   * check): the run takes it, and its hash, instead of reading the file again, so the mapping the
   * decision was made with is the one the run uses and records.
   */
  loadedMapping?: LoadedMapping | undefined;
  /**
   * Create the client, and start the embedded sandbox, at the first request instead of while
   * preparing: a dry run, which sends nothing when its directories are cached (issue 39).
   */
  startServiceOnFirstRequest?: boolean | undefined;
  /**
   * The language of what a person reads of the run (the report's texts). Default: the settings'
   * `lang`, else the locale of `deps.env` (`chooseLanguage`). The CLI passes the run's own.
   */
  translator?: Translator | undefined;
  /**
   * The process the run runs in (the CLI passes its pid): its scratch files are named by it, and
   * the run removes those of dead processes of this host left in the state directory
   * (`scratch/scratch-files.ts`). Without it, neither; an import takes its `lock` holder instead.
   */
  owner?: ScratchOwner | undefined;
}

/** Everything prepared for a run. Call `close()` when done. */
export interface PreparedRun {
  settings: Settings;
  resolved: ResolvedSettings;
  sourcePath: string;
  displayPath: string;
  /**
   * The file's size in bytes when it was found to be a file, before anything else ran: it chooses
   * the threads that hash and read it. The reader looks at the file again when it opens it.
   */
  sourceBytes: number;
  /**
   * The file's fingerprint taken before its hash began (the watcher's, when it hashed it): the run
   * compares it again once it has read the file (`check-source-unchanged.ts`), so what it read is
   * the content `fileSha256` names.
   */
  sourceFingerprint: FileFingerprint;
  fileSha256: string;
  mappingPath: string;
  mappingSha256: string;
  mapping: Mapping;
  mappingIssues: Issue[];
  readOptions: ReadOptions;
  /** The file's reading, started while preparing when it is read on a worker thread; `readAndValidate` takes it, `close()` ends it if not. */
  earlySource: EarlySource | undefined;
  service: ServiceContext;
  /** Where this run's report folder goes: `reportDir` against the working directory (never the process's), else `<stateDir>/runs`. */
  reportsRoot: string;
  store: StateStore;
  directories: Directories;
  /** Lookup tables over `directories`, built once for the mapping rules and shared with the row mapper and the assembler. */
  index: DirectoryIndex;
  directoriesSource: 'cache' | 'service';
  /** The run's language (`RunInputs.translator`, else chosen from the settings and the locale): the report's renderers take it. */
  translator: Translator;
  close(): Promise<void>;
}

/**
 * Records a new run of `command` in the state store: the prepared file and mapping (`mappingFile`
 * as the user named it) with their hashes; returns its id. Every command's run records these alike.
 */
export function createPreparedRun(prep: PreparedRun, mappingFile: string, run: Pick<NewRun, 'command' | 'options' | 'reportDir'>): string {
  return prep.store.createRun({ ...run, file: prep.displayPath, fileSha256: prep.fileSha256, mappingFile, mappingSha256: prep.mappingSha256 }).runId;
}

/** Where a run's report folder goes: `reportDir` against the working directory (never the process's), else `<stateDir>/runs`. */
export function chooseReportsRoot(reportDir: string | undefined, stateDir: string, cwd: string): string {
  return reportDir !== undefined ? resolve(cwd, reportDir) : join(stateDir, 'runs');
}

/**
 * What the journal-driven part of an import (resume, plan, send, follow, heal) needs of a run: its
 * state, settings, service, directories and mapping, not its file. `importDrafts` builds one for
 * drafts the caller assembled.
 */
export type JournalRun = Pick<PreparedRun, 'store' | 'settings' | 'service' | 'directories' | 'mapping'>;

/**
 * Prepares a run; throws `MappingError` (with every issue), `SourceReadError`, `SourceChangedError`
 * (`inputs.knownHash`) or `ConfigError` (a report folder that cannot be made) before touching rows.
 * The fingerprint it returns is taken before the hash begins: the run compares it once it has read
 * the file (`check-source-unchanged.ts`).
 */
export async function prepareRun(inputs: RunInputs, deps: Deps): Promise<PreparedRun> {
  const settings = inputs.settings.settings;
  const sourcePath = resolve(deps.cwd, inputs.file);
  const displayPath = inputs.fileName ?? inputs.file;
  const fingerprint = await checkSourceFile(sourcePath, displayPath);
  const sourceBytes = Number(fingerprint.size);
  if (inputs.knownHash !== undefined) checkKnownHash(inputs.knownHash, fingerprint, displayPath);
  const stopHashing = new AbortController();
  let hashing: Promise<string> | undefined;
  let earlySource: EarlySource | undefined;
  let service: ServiceContext | undefined;
  let store: StateStore | undefined;
  try {
    const mappingPath = resolve(deps.cwd, inputs.mapping);
    const requiredFields = settings.service.requiredFields;
    // One read: the hash recorded (journal, resume, report) is of the bytes parsed. The parsed
    // mapping is kept in the state directory, so an unchanged mapping loads neither the YAML
    // decoder nor the schema next time (issue 39).
    const { mapping, sha256: mappingSha256 } =
      inputs.loadedMapping ?? (await loadCachedMapping(mappingPath, deps, { requiredFields, stateDir: describeServiceAccount(settings, deps.cwd).stateDir }));
    const readOptions: ReadOptions = {
      ...buildReadOptions(mapping),
      ignoreHeaderPrefix: '_',
      maxFileBytes: settings.maxFileMb * 1024 * 1024,
      maxRows: settings.maxRows,
      maxCellLength: settings.maxCellLength,
    };
    // A large file starts being read now, on its thread, while the service opens and the
    // directories load; what it finds waits for the read stage (open-source-early.ts).
    earlySource = await openSourceEarly(settings.readThread, sourcePath, readOptions, deps, { size: sourceBytes }, { hash: inputs.knownHash === undefined });
    // Unless the caller has just hashed it (the watcher), the file's hash is taken while the service
    // and the directories load: by the reading thread when there is one (`hashFile` there, off this
    // thread, which maps the rows), else here. It is awaited before the rows: every run records it
    // when it starts (the import's resume looks its run up by it before reading).
    hashing = inputs.knownHash !== undefined ? Promise.resolve(inputs.knownHash.sha256) : (earlySource?.hashing ?? hashFile(sourcePath, { signal: stopHashing.signal }));
    // Awaited below, or stopped when preparing fails first: never an unhandled rejection, nor a file
    // still being read after the run has failed.
    hashing.catch(() => undefined);

    service = await openService(settings, deps, { startOnFirstRequest: inputs.startServiceOnFirstRequest });
    store = openStateStore({ dir: service.stateDir, account: service.account, now: deps.now });
    // After the state opened: a state folder that cannot be used is exit 4, not a report folder's problem.
    const reportsRoot = chooseReportsRoot(settings.reportDir, service.stateDir, deps.cwd);
    await createReportsRoot(reportsRoot, settings.reportDir !== undefined ? '--report-dir, setting reportDir' : 'the runs folder of the state folder');
    const loaded = await loadServiceDirectoriesOf(service, settings, deps);
    const index = await indexLoadedDirectories(loaded, { stateDir: service.stateDir, accountKey: buildAccountKey(service.account) });
    const mappingIssues = locateMappingIssues(mapping, [...checkServiceRequirements(mapping, requiredFields), ...checkMappingRules(mapping, loaded.directories, { index })]).map((issue) => ({ ...issue, file: issue.file ?? inputs.mapping }));
    if (hasErrors(mappingIssues)) {
      throw new MappingError(`the mapping ${inputs.mapping} does not fit the service's directories`, mappingIssues);
    }
    const fileSha256 = await hashing;
    const [openedSource, openedService, openedStore] = [earlySource, service, store];
    return {
      // The mapping's batchSize was parsed, checked and documented but never read: a run used 30.
      settings: { ...settings, batchSize: chooseBatchSize(settings.batchSize, inputs.settings.sources.batchSize !== undefined, mapping.batchSize) },
      resolved: inputs.settings,
      sourcePath,
      displayPath,
      sourceBytes,
      sourceFingerprint: fingerprint,
      fileSha256,
      mappingPath,
      mappingSha256,
      mapping,
      mappingIssues,
      readOptions,
      earlySource: openedSource,
      service: openedService,
      reportsRoot,
      store: openedStore,
      directories: loaded.directories,
      index,
      directoriesSource: loaded.source,
      translator: inputs.translator ?? createTranslator(chooseLanguage(settings.lang, deps.env)),
      close: async () => {
        await openedSource?.close();
        openedStore.close();
        await openedService.close();
      },
    };
  } catch (error) {
    stopHashing.abort();
    await earlySource?.close();
    await hashing?.catch(() => undefined);
    store?.close();
    await service?.close();
    throw error;
  }
}

/** The input file must be there and be a file, before anything else runs; its fingerprint (its size among it). */
async function checkSourceFile(sourcePath: string, displayPath: string): Promise<FileFingerprint> {
  try {
    const info = await stat(sourcePath, { bigint: true });
    if (!info.isFile()) throw new SourceReadError(displayPath, `${displayPath} is not a file`);
    return readFileFingerprint(info);
  } catch (error) {
    if (error instanceof SourceReadError) throw error;
    throw new SourceReadError(displayPath, `cannot read ${displayPath}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`, { cause: error });
  }
}

/** A hash taken before is the run's only while the file is still as it was then. */
function checkKnownHash(known: KnownFileHash, fingerprint: FileFingerprint, displayPath: string): void {
  const change = describeChangeSinceHash(displayPath, known, fingerprint);
  if (change !== undefined) throw new SourceChangedError(displayPath, change);
}
