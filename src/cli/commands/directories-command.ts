/**
 * `directories pull`: download the four directories into the cache, show what changed, and
 * optionally export them as a workbook a person can browse and filter.
 */
import type { DirectoriesPullResult } from '../../assistant/run-directories-pull.js';
import type { CommandRegistrar } from '../command-context.js';
import { withServiceOptions } from '../common-options.js';
import type { ServiceArgv } from '../common-options.js';
import { renderJsonLines } from '../render-json-lines.js';

/** Renders the result of `directories pull` for the terminal (loading the diff's renderer, as the command runs). */
async function renderDirectoriesPull(result: DirectoriesPullResult): Promise<string> {
  const { isDirectoryDiffEmpty, renderDirectoryDiff } = await import('../../assistant/diff-directories.js');
  const { counts } = result;
  const lines = [
    `Fetched ${result.leafCategories} leaf categories of ${counts.categories ?? 0}, ${counts.attributes ?? 0} attributes, ${counts.values ?? 0} attribute values and ${counts.brands ?? 0} brands (${result.fetchedAt}); the cache is up to date.`,
  ];
  if (result.diff === undefined) lines.push('No earlier snapshot to compare with.');
  else if (isDirectoryDiffEmpty(result.diff)) lines.push(`No change since the snapshot of ${result.baselineFetchedAt ?? '?'}.`);
  else lines.push(`Changes since the snapshot of ${result.baselineFetchedAt ?? '?'}:`, ...renderDirectoryDiff(result.diff).map((line) => `  ${line}`));
  if (result.exportPath !== undefined) lines.push(`Wrote ${result.exportPath} (sheets Categories, Attributes, Values, Brands).`);
  return `${lines.join('\n')}\n`;
}

/** Registers `directories pull`. */
export const registerDirectoriesCommand: CommandRegistrar = (y, ctx) =>
  y.command('directories', ctx.describe('help.command.directories'), (c) =>
    c
      .command(
        'pull',
        ctx.describe('help.command.directories-pull'),
        (p) =>
          withServiceOptions(p, ctx.describe)
            .option('export', { type: 'string', describe: ctx.describe('help.option.directories-export') })
            .example('$0 directories pull --sandbox --export directories.xlsx', ctx.describe('help.example.directories-export'))
            .example('$0 directories pull --json', ctx.describe('help.example.directories-json')),
        async (argv) => {
          const json = Boolean(argv.json);
          await ctx.withSettings(argv as ServiceArgv, { json }, async ({ settings, deps, done }) => {
            const { runDirectoriesPull } = await import('../../assistant/run-directories-pull.js');
            const result = await runDirectoriesPull({ settings, ...(argv.export === undefined ? {} : { exportPath: argv.export }) }, deps);
            done();
            if (json) {
              const { buildDirectoryDiffCounts } = await import('../../assistant/diff-directories.js');
              const changes = result.diff === undefined ? null : Object.fromEntries(buildDirectoryDiffCounts(result.diff));
              ctx.io.stdout(renderJsonLines([], { counts: result.counts, fetchedAt: result.fetchedAt, baselineFetchedAt: result.baselineFetchedAt ?? null, changes, exportPath: result.exportPath ?? null }));
            } else {
              ctx.io.stdout(await renderDirectoriesPull(result));
            }
            ctx.setExitCode(0);
          });
        },
      )
      .demandCommand(1, 'Name a subcommand: pull'),
  );
