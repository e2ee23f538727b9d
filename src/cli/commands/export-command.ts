/**
 * `export`: the live catalog to XLSX or CSV, one row per SKU, in the layout `mappings/export.yaml`
 * reads back unchanged (see docs/export.md).
 */
import { formatIssue } from '../../core/issue.js';
import type { CommandRegistrar } from '../command-context.js';
import { withServiceOptions } from '../common-options.js';
import type { ServiceArgv } from '../common-options.js';
import { renderJsonLines } from '../render-json-lines.js';
import { UsageProblem } from '../usage-error.js';
import { EXIT } from '../exit-codes.js';
import { readProductFilters, withProductFilterOptions } from '../product-filter-options.js';

/** Warnings printed at most, the rest counted. */
const MAX_PRINTED_ISSUES = 20;

/** Registers `export`. */
export const registerExportCommand: CommandRegistrar = (y, ctx) =>
  y.command(
    'export',
    ctx.describe('help.command.export'),
    (c) =>
      withProductFilterOptions(withServiceOptions(c, ctx.describe), ctx.describe)
        .option('out', { alias: 'o', type: 'string', demandOption: true, describe: ctx.describe('help.option.export-out') })
        .option('shop', { type: 'number', describe: ctx.describe('help.option.export_shop') })
        .option('photo-columns', { type: 'number', default: 5, describe: ctx.describe('help.option.photo-columns') })
        .option('mapping-out', { type: 'string', describe: ctx.describe('help.option.mapping-out') })
        .check((argv) => {
          const photos = Number(argv['photo-columns']);
          if (!Number.isInteger(photos) || photos < 1 || photos > 100) throw new UsageProblem('usage.whole_number_between', { flag: '--photo-columns', min: 1, max: 100 });
          return true;
        })
        .example('$0 export --out catalog.xlsx --sandbox', ctx.describe('help.example.export-sandbox'))
        .example('$0 export -o rejected.csv --status Rejected --sort name', ctx.describe('help.example.export-rejected'))
        .example('$0 import catalog.xlsx --mapping mappings/export.yaml --sandbox', ctx.describe('help.example.export-back')),
    async (argv) => {
      const json = Boolean(argv.json);
      await ctx.withSettings(argv as ServiceArgv, { json }, async ({ resolved: settings, deps, done }) => {
        const { runExport } = await import('../../export/run-export.js');
        const result = await runExport(
          {
            out: argv.out,
            filters: readProductFilters(argv),
            sort: { by: argv.sort, direction: argv.desc ? 'Desc' : 'Asc' },
            settings,
            photoColumns: argv.photoColumns,
            ...(argv.mappingOut ? { mappingOut: argv.mappingOut } : {}),
          },
          deps,
        );
        done();
        if (json) {
          ctx.io.stdout(renderJsonLines([], { ...result }, EXIT.ok));
        } else {
          const lines = [`${result.products} product(s), ${result.rows} row(s) written to ${result.out}`];
          if (result.keysFromState > 0) lines.push(`${result.keysFromState} product(s) carry your own product and SKU keys from the local state`);
          if (result.missing > 0) lines.push(`${result.missing} listed product(s) had no details (removed during the export?)`);
          if (result.mappingOut) lines.push(`mapping to read it back: ${result.mappingOut}`);
          for (const issue of result.issues.slice(0, MAX_PRINTED_ISSUES)) lines.push(`  ${formatIssue(issue)}`);
          if (result.issueCount > MAX_PRINTED_ISSUES) lines.push(`  … and ${result.issueCount - MAX_PRINTED_ISSUES} more warning(s)`);
          ctx.io.stdout(`${lines.join('\n')}\n`);
        }
        ctx.setExitCode(EXIT.ok);
      });
    },
  );
