/**
 * `mapping init` (draft a mapping from a seller file) and `mapping check` (what in a mapping went
 * stale against the current directories).
 */
import { ConfigError } from '../../core/errors.js';
import { formatIssue } from '../../core/issue.js';
import type { MappingInitResult } from '../../assistant/run-mapping-init.js';
import type { MappingCheckResult } from '../../assistant/run-mapping-check.js';
import type { CommandRegistrar } from '../command-context.js';
import { withServiceOptions } from '../common-options.js';
import type { ServiceArgv } from '../common-options.js';
import { renderJsonLines } from '../render-json-lines.js';

/** Renders the summary of `mapping init` (loading the field names of the column matcher, as the command runs). */
async function renderMappingInit(result: MappingInitResult): Promise<string> {
  const { describeImportField } = await import('../../assistant/match-columns.js');
  const { summary } = result;
  const matched = result.columns.flatMap((match) => {
    if (match.target.kind === 'field') return [`${match.column.name} → ${describeImportField(match.target.field)}`];
    if (match.target.kind === 'attribute') return [`${match.column.name} → attribute ${match.target.attribute.code}`];
    return [];
  });
  const lines = [
    `Wrote ${result.out} from ${result.rows} ${result.rows === 1 ? 'row' : 'rows'}.`,
    `${summary.columnsMatched} columns matched, ${summary.columnsUnmatched} not: ${matched.join('; ')}`,
    ...(summary.derived.length > 0 ? [`Derived: ${summary.derived.join('; ')}.`] : []),
    `${summary.exact} values exact, ${summary.confident} confident (check them), ${summary.todo} TODO; ${summary.openFields} settings left to fill in.`,
    summary.todo + summary.openFields > 0 ? `Resolve every TODO in ${result.out} (see the comments), then run: catalog-import validate FILE -m ${result.out}` : `Next: catalog-import validate FILE -m ${result.out}`,
  ];
  return `${lines.join('\n')}\n`;
}

/** Renders the findings of `mapping check`. */
function renderMappingCheck(result: MappingCheckResult, mapping: string): string {
  const lines = [
    `Checked ${mapping} against the directories fetched now (${result.directoriesFetchedAt})${result.baselineFetchedAt === undefined ? '' : `, compared with the snapshot of ${result.baselineFetchedAt}`}.`,
  ];
  const from = result.rowsFrom;
  for (const finding of result.findings) {
    lines.push(formatIssue(finding.issue));
    if (finding.rows.length > 0) {
      const shown = finding.rows.slice(0, 20).map((ref) => ref.row).join(', ');
      const more = finding.rows.length > 20 ? ` … (${finding.rows.length} rows)` : '';
      lines.push(`  affects rows ${shown}${more} of ${finding.rows[0]?.file ?? ''}${from.kind === 'spool' || (from.kind === 'file' && from.runId !== undefined) ? ` (run ${from.runId})` : ''}`);
    }
  }
  if (from.kind === 'none') lines.push('No run of this mapping is recorded: affected rows are unknown (give --file to find them).');
  const errors = result.findings.filter((finding) => finding.issue.severity === 'error').length;
  lines.push(errors === 0 ? 'Nothing is stale.' : `${errors} stale entr${errors === 1 ? 'y' : 'ies'}: fix the mapping (mapping init can draft entries for new values).`);
  return `${lines.join('\n')}\n`;
}

/** Registers `mapping init` and `mapping check`. */
export const registerMappingCommand: CommandRegistrar = (y, ctx) =>
  y.command('mapping', ctx.describe('help.command.mapping'), (c) =>
    c
      .command(
        'init <file>',
        ctx.describe('help.command.mapping-init'),
        (i) =>
          withServiceOptions(i, ctx.describe)
            .positional('file', { type: 'string', demandOption: true, describe: ctx.describe('help.positional.seller-file') })
            .option('out', { alias: 'o', type: 'string', describe: ctx.describe('help.option.init-out'), defaultDescription: ctx.describe('help.default.init-out') })
            .option('sheet', { type: 'string', describe: ctx.describe('help.option.sheet') })
            .option('force', { type: 'boolean', default: false, describe: ctx.describe('help.option.init-force') })
            .option('xlsx', { type: 'boolean', default: false, describe: ctx.describe('help.option.xlsx') })
            .example('$0 mapping init catalog.xlsx --sandbox', ctx.describe('help.example.init-sandbox'))
            .example('$0 mapping init catalog.xlsx --xlsx --sandbox', ctx.describe('help.example.init-xlsx'))
            .example('$0 mapping init price.csv --out mappings/shop.yaml --force', ctx.describe('help.example.init-force')),
        async (argv) => {
          const json = Boolean(argv.json);
          await ctx.withSettings(argv as ServiceArgv, { json }, async ({ settings, deps, done }) => {
            const { runMappingInit } = await import('../../assistant/run-mapping-init.js');
            const sheet = argv.sheet === undefined ? undefined : /^\d+$/.test(argv.sheet) ? Number(argv.sheet) : argv.sheet;
            const result = await runMappingInit(
              { file: argv.file, force: argv.force, xlsx: argv.xlsx, settings, ...(argv.out === undefined ? {} : { out: argv.out }), ...(sheet === undefined ? {} : { sheet }) },
              deps,
            );
            done();
            if (json) ctx.io.stdout(renderJsonLines([], { out: result.outPath, rows: result.rows, ...result.summary }));
            else ctx.io.stdout(await renderMappingInit(result));
            ctx.setExitCode(0);
          });
        },
      )
      .command(
        'convert <from> <to>',
        ctx.describe('help.command.mapping-convert'),
        (v) =>
          withServiceOptions(v, ctx.describe)
            .positional('from', { type: 'string', demandOption: true, describe: ctx.describe('help.positional.convert-from') })
            .positional('to', { type: 'string', demandOption: true, describe: ctx.describe('help.positional.convert-to') })
            .option('force', { type: 'boolean', default: false, describe: ctx.describe('help.option.convert-force') })
            .example('$0 mapping convert mappings/shop.yaml mappings/shop.xlsx --sandbox', ctx.describe('help.example.convert-xlsx'))
            .example('$0 mapping convert mappings/shop.xlsx mappings/shop.yaml', ctx.describe('help.example.convert-yaml')),
        async (argv) => {
          const json = Boolean(argv.json);
          await ctx.withSettings(argv as ServiceArgv, { json }, async ({ settings, deps, done }) => {
            const { runMappingConvert } = await import('../../assistant/run-mapping-convert.js');
            const result = await runMappingConvert({ from: argv.from, to: argv.to, force: argv.force, settings }, deps);
            done();
            if (json) ctx.io.stdout(renderJsonLines([], { out: result.to, form: result.form }));
            else ctx.io.stdout(`Wrote ${result.to}.\nNext: catalog-import validate FILE -m ${result.to}\n`);
            ctx.setExitCode(0);
          });
        },
      )
      .command(
        'check <mapping>',
        ctx.describe('help.command.mapping-check'),
        (k) =>
          withServiceOptions(k, ctx.describe)
            .positional('mapping', { type: 'string', demandOption: true, describe: ctx.describe('help.positional.check-mapping') })
            .option('file', { type: 'string', describe: ctx.describe('help.option.check-file') })
            .example('$0 mapping check mappings/shop.yaml', ctx.describe('help.example.check'))
            .example('$0 mapping check mappings/shop.yaml --file catalog.xlsx --json', ctx.describe('help.example.check-file')),
        async (argv) => {
          const json = Boolean(argv.json);
          await ctx.withSettings(argv as ServiceArgv, { json }, async ({ settings, deps, done }) => {
            const { runMappingCheck } = await import('../../assistant/run-mapping-check.js');
            const result = await runMappingCheck({ mapping: argv.mapping, settings, ...(argv.file === undefined ? {} : { file: argv.file }) }, deps);
            done();
            const exitCode = result.stale ? 1 : 0;
            if (json) {
              const findings = result.findings.map((f) => ({ ...f.issue, rows: f.rows.map((ref) => ref.row) }));
              ctx.io.stdout(renderJsonLines([], { stale: result.stale, directoriesFetchedAt: result.directoriesFetchedAt, baselineFetchedAt: result.baselineFetchedAt ?? null, rowsFrom: result.rowsFrom, findings }, exitCode));
            } else {
              ctx.io.stdout(renderMappingCheck(result, argv.mapping));
            }
            ctx.setExitCode(exitCode);
          });
        },
      )
      .command(
        'review [file]',
        ctx.describe('help.command.mapping-review'),
        (r) =>
          withServiceOptions(r, ctx.describe)
            .positional('file', { type: 'string', describe: ctx.describe('help.positional.review-file') })
            .option('mapping', { alias: 'm', type: 'string', demandOption: true, describe: ctx.describe('help.option.review-mapping') })
            .option('apply', { type: 'string', describe: ctx.describe('help.option.review-apply') })
            .option('out', { alias: 'o', type: 'string', describe: ctx.describe('help.option.review-out'), defaultDescription: ctx.describe('help.default.review-out') })
            .option('force', { type: 'boolean', default: false, describe: ctx.describe('help.option.review-force') })
            .option('from-service', { type: 'boolean', default: false, describe: ctx.describe('help.option.from-service') })
            .example('$0 mapping review price.xlsx -m mappings/price.yaml --sandbox', ctx.describe('help.example.review'))
            .example('$0 mapping review --apply mappings/price.review.xlsx -m mappings/price.yaml --sandbox', ctx.describe('help.example.review-apply')),
        async (argv) => {
          const json = Boolean(argv.json);
          await ctx.withSettings(argv as ServiceArgv, { json }, async ({ settings, deps, done }) => {
            const { runMappingReview, runMappingReviewApply } = await import('../../assistant/review/run-mapping-review.js');
            const { renderMappingReview, renderMappingReviewApply } = await import('../../assistant/review/render-mapping-review.js');
            if (argv.apply !== undefined) {
              const result = await runMappingReviewApply({ workbook: argv.apply, mapping: argv.mapping, settings }, deps);
              done();
              ctx.io.stdout(json ? renderJsonLines([], { ...result }) : renderMappingReviewApply(result, argv.apply, argv.mapping));
            } else {
              if (argv.file === undefined) throw new ConfigError('name the seller file: mapping review FILE -m M.yaml (or --apply REVIEW.xlsx)');
              const result = await runMappingReview({ file: argv.file, mapping: argv.mapping, force: argv.force, fromService: argv.fromService, settings, ...(argv.out === undefined ? {} : { out: argv.out }) }, deps);
              done();
              ctx.io.stdout(json ? renderJsonLines([], { ...result }) : renderMappingReview(result, argv.mapping));
            }
            ctx.setExitCode(0);
          });
        },
      )
      .demandCommand(1, 'Name a subcommand: init, convert, check or review'),
  );
