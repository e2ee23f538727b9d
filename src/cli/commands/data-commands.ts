/**
 * `validate` and `import`: the dry run and the real import of a seller's file.
 */
import { basename, resolve } from 'node:path';
import type { Argv } from 'yargs';
import type { Deps } from '../../core/deps.js';
import type { RunResult } from '../../pipeline/finish-run.js';
import { STDIN_ARG, shouldColor } from '../cli-io.js';
import type { CommandContext, CommandRegistrar } from '../command-context.js';
import { settingsFromArgv, withServiceOptions } from '../common-options.js';
import type { ServiceArgv } from '../common-options.js';
import { buildSendingSettings, withSendingOptions } from '../sending-options.js';
import { readIssueFilterFlags, withIssueFilterOptions } from '../issue-filter-options.js';

/** The formats standard input may be given in (`-` as FILE). */
const STDIN_FORMATS = ['csv', 'xlsx'] as const;

function withFileOptions<T>(y: Argv<T>) {
  return withServiceOptions(
    y
      .positional('file', { type: 'string', demandOption: true, describe: 'The seller file: .xlsx, .xlsm, .csv, .tsv or .txt (see docs/input-files.md), or - for standard input' })
      .option('mapping', { alias: 'm', type: 'string', demandOption: true, describe: 'Mapping file (YAML, or the workbook form .xlsx), see docs/mapping.md' })
      .option('format', { choices: STDIN_FORMATS, describe: 'The format of standard input (FILE -): required with it, refused without it' })
      .check((argv) => {
        if (argv.file === STDIN_ARG && argv.format === undefined) throw new Error('FILE - reads standard input: say its format with --format csv or --format xlsx');
        if (argv.file !== STDIN_ARG && argv.format !== undefined) throw new Error('--format is for standard input only (FILE -); a file is known by its content and name');
        return true;
      }),
  );
}

/**
 * The file to read: FILE, or standard input copied to a temporary file for `-`; `done` removes
 * that copy. A workbook open in Excel or LibreOffice is read, with a warning first: the seller may
 * be saving it.
 */
async function openSellerFile(
  ctx: CommandContext,
  argv: { file: string; format?: (typeof STDIN_FORMATS)[number] | undefined },
  deps: Deps,
): Promise<{ file: string; done(): Promise<void> }> {
  if (argv.file !== STDIN_ARG || argv.format === undefined) {
    const { findOfficeLockFile } = await import('../../sources/find-office-lock-file.js');
    const lock = await findOfficeLockFile(resolve(ctx.io.cwd, argv.file));
    if (lock !== null) {
      deps.onEvent({
        type: 'log',
        level: 'warn',
        message: `${argv.file} looks open in a spreadsheet program (${basename(lock)} is beside it): if it is being edited, save and close it first, or this run reads the last saved version`,
        text: { key: 'log.file_open_elsewhere', data: { file: argv.file, lock: basename(lock) } },
      });
    }
    return { file: argv.file, done: async () => undefined };
  }
  const { spoolStdin } = await import('../spool-stdin.js');
  const spooled = await spoolStdin(ctx.io, argv.format);
  return { file: spooled.path, done: spooled.remove };
}

async function printResult(ctx: CommandContext, result: RunResult, json: boolean): Promise<void> {
  if (json) {
    const { writeResultJson } = await import('../../report/write-result-json.js');
    // Every issue, streamed from issues.ndjson: a script needs no second file.
    await writeResultJson(result, (chunk) => ctx.io.stdout(chunk));
  } else {
    const { renderSummary } = await import('../../report/render-summary.js');
    ctx.io.stdout(`${renderSummary(result.summary, { color: shouldColor(ctx.io, 'stdout'), translator: ctx.translator(), reportDir: result.reportDir, annotatedSkipped: result.reportPaths.annotated === null })}\n`);
  }
  ctx.setExitCode(result.exitCode);
}

/** Registers `validate`. */
export const registerValidateCommand: CommandRegistrar = (y, ctx) =>
  y.command(
    'validate <file>',
    'Dry run: read, map and validate a file against the service’s directories; report every problem, send nothing',
    (c) =>
      withIssueFilterOptions(withFileOptions(c))
        .option('report-dir', { type: 'string', describe: 'Folder for run reports (default <state-dir>/runs)' })
        .option('annotated-copy', {
          choices: ['auto', 'always'] as const,
          describe: 'auto: the report copies the file with every row annotated unless every row is clean; always: even then',
        })
        .example('$0 validate samples/catalog.xlsx --mapping mappings/sample.yaml --sandbox', 'Check the sample against the embedded sandbox')
        .example('$0 validate prices.csv -m mappings/shop.yaml --pick invalid_price invalid_barcode --limit-errors 100', 'Only price and barcode problems, stopping at the 100th')
        .example('CATALOG_BASE_URL=https://… CATALOG_CLIENT_ID=… CATALOG_CLIENT_SECRET=… $0 validate prices.csv -m mappings/shop.yaml', 'Check a file against the live service'),
    async (argv) => {
      const json = Boolean(argv.json);
      const { deps, done } = ctx.createDeps({ json });
      try {
        const settings = await settingsFromArgv(argv as ServiceArgv, ctx.io, { reportDir: argv.reportDir, annotatedCopy: argv.annotatedCopy, ...readIssueFilterFlags(argv) });
        const { runValidate } = await import('../../pipeline/run-validate.js');
        const input = await openSellerFile(ctx, argv, deps);
        const result = await runValidate({ file: input.file, mapping: argv.mapping, settings, translator: ctx.translator() }, deps).finally(input.done);
        done();
        await printResult(ctx, result, json);
      } catch (error) {
        done();
        ctx.reportError(error, json);
      }
    },
  );

/** Registers `import`. */
export const registerImportCommand: CommandRegistrar = (y, ctx) =>
  y.command(
    'import <file>',
    'Import a file: validate, send the valid products in batches, follow the jobs, remember the ids, report every row',
    (c) =>
      withSendingOptions(withFileOptions(c))
        .option('changed-only', { type: 'boolean', describe: 'Send only products changed since their last accepted import' })
        .option('plan', { type: 'boolean', describe: 'Show what the import would do to the live catalog (create / update / unchanged, old → new), send nothing' })
        .option('resume', { type: 'string', describe: 'Continue this run (see `runs`); by default an unfinished run of the same file and mapping is continued' })
        .option('fresh', { type: 'boolean', describe: 'Start a new run even if an unfinished run of the same content exists' })
        .example('$0 import samples/catalog.xlsx --mapping mappings/sample.yaml --sandbox', 'Import the sample into the embedded sandbox')
        .example('$0 import catalog.xlsx -m mappings/shop.yaml --plan', 'See what would change in the live catalog, without sending')
        .example('$0 import catalog.xlsx -m mappings/shop.yaml --changed-only --concurrency 8', 'Send only what changed since the last import'),
    async (argv) => {
      const json = Boolean(argv.json);
      const { deps, done } = ctx.createDeps({ json });
      try {
        const settings = await settingsFromArgv(argv as ServiceArgv, ctx.io, { ...buildSendingSettings(argv), changedOnly: argv.changedOnly, plan: argv.plan });
        const [{ runImport }, { isProcessAlive }] = await Promise.all([import('../../pipeline/run-import.js'), import('../../state/index.js')]);
        const input = await openSellerFile(ctx, argv, deps);
        const result = await runImport(
          {
            file: input.file,
            mapping: argv.mapping,
            settings,
            translator: ctx.translator(),
            ...(argv.resume ? { resumeRunId: argv.resume } : {}),
            ...(argv.fresh ? { fresh: true } : {}),
            settleAfterMs: argv.settleAfter * 1000,
            lock: { pid: globalThis.process.pid, isAlive: isProcessAlive },
          },
          deps,
        ).finally(input.done);
        done();
        await printResult(ctx, result, json);
      } catch (error) {
        done();
        ctx.reportError(error, json);
      }
    },
  );
