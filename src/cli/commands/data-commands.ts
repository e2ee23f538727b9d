/**
 * `validate` and `import`: the dry run and the real import of a seller's file.
 */
import { basename, resolve } from 'node:path';
import type { Argv } from 'yargs';
import type { Deps } from '../../core/deps.js';
import type { RunResult } from '../../report/write-result-json.js';
import { STDIN_ARG, shouldColor } from '../cli-io.js';
import type { CommandContext, CommandRegistrar } from '../command-context.js';
import { withServiceOptions } from '../common-options.js';
import type { ServiceArgv } from '../common-options.js';
import { buildSendingSettings, withSendingOptions } from '../sending-options.js';
import { readIssueFilterFlags, withIssueFilterOptions } from '../issue-filter-options.js';
import { UsageProblem } from '../usage-error.js';

/** The formats standard input may be given in (`-` as FILE). */
const STDIN_FORMATS = ['csv', 'xlsx'] as const;

function withFileOptions<T>(y: Argv<T>, ctx: CommandContext) {
  return withServiceOptions(
    y
      .positional('file', { type: 'string', demandOption: true, describe: ctx.describe('help.positional.file') })
      .option('mapping', { alias: 'm', type: 'string', demandOption: true, describe: ctx.describe('help.option.mapping') })
      .option('format', { choices: STDIN_FORMATS, describe: ctx.describe('help.option.format') })
      .check((argv) => {
        if (argv.file === STDIN_ARG && argv.format === undefined) throw new UsageProblem('usage.stdin_needs_format');
        if (argv.file !== STDIN_ARG && argv.format !== undefined) throw new UsageProblem('usage.format_without_stdin');
        return true;
      }),
    ctx.describe,
  );
}

/**
 * The file to read: FILE, or standard input copied to a temporary file for `-`, named "standard
 * input" (`fileName`, and `rethrow` for an error naming the copy); `done` removes that copy. A workbook open in Excel or LibreOffice is read, with a warning first: the seller may
 * be saving it.
 */
async function openSellerFile(
  ctx: CommandContext,
  argv: { file: string; format?: (typeof STDIN_FORMATS)[number] | undefined },
  deps: Deps,
): Promise<{ file: string; fileName?: string; done(): Promise<void>; rethrow(error: unknown): never }> {
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
    return { file: argv.file, done: async () => undefined, rethrow: (error) => { throw error; } };
  }
  const { spoolStdin, STDIN_NAME } = await import('../spool-stdin.js');
  const spooled = await spoolStdin(ctx.io, argv.format);
  return { file: spooled.path, fileName: STDIN_NAME, done: spooled.remove, rethrow: (error) => { throw spooled.renameIn(error); } };
}

async function printResult(ctx: CommandContext, result: RunResult, json: boolean): Promise<void> {
  if (json) {
    const { writeResultJson } = await import('../../report/write-result-json.js');
    // Every issue, streamed from issues.ndjson: a script needs no second file.
    await writeResultJson(result, (chunk) => ctx.io.stdout(chunk));
  } else {
    const { renderSummary } = await import('../../report/render-summary.js');
    ctx.io.stdout(`${renderSummary(result.summary, { color: shouldColor(ctx.io, 'stdout'), translator: ctx.translator(), reportDir: result.reportDir, annotatedSkipped: result.reportPaths.annotated === null })}\n`);
    ctx.io.stdout(`${ctx.translator().translate('report.html.terminal', { path: result.reportPaths.html })}\n`);
  }
  ctx.setExitCode(result.exitCode);
}

/** Registers `validate`. */
export const registerValidateCommand: CommandRegistrar = (y, ctx) =>
  y.command(
    'validate <file>',
    ctx.describe('help.command.validate'),
    (c) =>
      withIssueFilterOptions(withFileOptions(c, ctx), ctx.describe)
        .option('report-dir', { type: 'string', describe: ctx.describe('help.option.report-dir') })
        .option('annotated-copy', {
          choices: ['auto', 'always'] as const,
          describe: ctx.describe('help.option.annotated-copy'),
        })
        .example('$0 validate samples/catalog.xlsx --mapping mappings/sample.yaml --sandbox', ctx.describe('help.example.validate-sample'))
        .example('$0 validate prices.csv -m mappings/shop.yaml --pick invalid_price invalid_barcode --limit-errors 100', ctx.describe('help.example.validate-pick'))
        .example('CATALOG_BASE_URL=https://… CATALOG_CLIENT_ID=… CATALOG_CLIENT_SECRET=… $0 validate prices.csv -m mappings/shop.yaml', ctx.describe('help.example.validate-live')),
    async (argv) => {
      const json = Boolean(argv.json);
      await ctx.withSettings(argv as ServiceArgv, { json, flags: { reportDir: argv.reportDir, annotatedCopy: argv.annotatedCopy, ...readIssueFilterFlags(argv) } }, async ({ resolved: settings, deps, done }) => {
        const [{ runValidate }, { isProcessAlive }] = await Promise.all([import('../../pipeline/run-validate.js'), import('../../state/is-process-alive.js')]);
        const input = await openSellerFile(ctx, argv, deps);
        // Its pid names the run's scratch files, so a later run can remove them if this process is killed.
        const owner = { pid: globalThis.process.pid, isAlive: isProcessAlive };
        const result = await runValidate({ file: input.file, fileName: input.fileName, mapping: argv.mapping, settings, translator: ctx.translator(), owner }, deps)
          .catch(input.rethrow)
          .finally(input.done);
        done();
        await printResult(ctx, result, json);
      });
    },
  );

/** Registers `import`. */
export const registerImportCommand: CommandRegistrar = (y, ctx) =>
  y.command(
    'import <file>',
    ctx.describe('help.command.import'),
    (c) =>
      withSendingOptions(withFileOptions(c, ctx), ctx.describe)
        .option('changed-only', { type: 'boolean', describe: ctx.describe('help.option.changed-only') })
        .option('plan', { type: 'boolean', describe: ctx.describe('help.option.plan') })
        .option('resume', { type: 'string', describe: ctx.describe('help.option.resume') })
        .option('fresh', { type: 'boolean', describe: ctx.describe('help.option.fresh') })
        .check((argv) => {
          if (argv.resume !== undefined && argv.fresh === true) throw new UsageProblem('usage.resume_with_fresh');
          return true;
        })
        .example('$0 import samples/catalog.xlsx --mapping mappings/sample.yaml --sandbox', ctx.describe('help.example.import-sample'))
        .example('$0 import catalog.xlsx -m mappings/shop.yaml --plan', ctx.describe('help.example.import-plan'))
        .example('$0 import catalog.xlsx -m mappings/shop.yaml --changed-only --concurrency 8', ctx.describe('help.example.import-changed')),
    async (argv) => {
      const json = Boolean(argv.json);
      await ctx.withSettings(argv as ServiceArgv, { json, flags: { ...buildSendingSettings(argv), changedOnly: argv.changedOnly, plan: argv.plan } }, async ({ resolved: settings, deps, done }) => {
        const [{ runImport }, { isProcessAlive }] = await Promise.all([import('../../pipeline/run-import.js'), import('../../state/index.js')]);
        const input = await openSellerFile(ctx, argv, deps);
        const result = await runImport(
          {
            file: input.file,
            fileName: input.fileName,
            mapping: argv.mapping,
            settings,
            translator: ctx.translator(),
            ...(argv.resume ? { resumeRunId: argv.resume } : {}),
            ...(argv.fresh ? { fresh: true } : {}),
            lock: { pid: globalThis.process.pid, isAlive: isProcessAlive },
          },
          deps,
        )
          .catch(input.rethrow)
          .finally(input.done);
        done();
        await printResult(ctx, result, json);
      });
    },
  );
