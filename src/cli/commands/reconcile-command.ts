/**
 * `reconcile`: rebuild the seller-key → marketplace-id memory from the service.
 */
import type { CommandRegistrar } from '../command-context.js';
import { withServiceOptions } from '../common-options.js';
import type { ServiceArgv } from '../common-options.js';
import { renderJsonLines } from '../render-json-lines.js';
import { rateLimitOption } from '../sending-options.js';

/** Registers `reconcile`. */
export const registerReconcileCommand: CommandRegistrar = (y, ctx) =>
  y.command(
    'reconcile <file>',
    ctx.describe('help.command.reconcile'),
    (c) =>
      withServiceOptions(
        c
          .positional('file', { type: 'string', demandOption: true, describe: ctx.describe('help.positional.reconcile-file') })
          .option('mapping', { alias: 'm', type: 'string', demandOption: true, describe: ctx.describe('help.option.reconcile-mapping') })
          .option('rate-limit', rateLimitOption(ctx.describe)),
        ctx.describe,
      ).example('$0 reconcile catalog.xlsx -m mappings/shop.yaml', ctx.describe('help.example.reconcile')),
    async (argv) => {
      const json = Boolean(argv.json);
      await ctx.withSettings(argv as ServiceArgv, { json, flags: { rateLimit: argv.rateLimit } }, async ({ resolved: settings, deps, done }) => {
        const { runReconcile } = await import('../../pipeline/run-reconcile.js');
        const result = await runReconcile({ file: argv.file, mapping: argv.mapping, settings }, deps);
        done();
        const exitCode = result.partialProducts.length ? 1 : 0;
        if (json) ctx.io.stdout(renderJsonLines([], { ...result }, exitCode));
        else {
          ctx.io.stdout(
            [
              `Read ${result.liveProducts} products (${result.liveSkus} SKUs) from the service.`,
              `Matched ${result.matchedProducts} seller products by barcode; ${result.unmatchedProducts} are not on the service.`,
              result.partialProducts.length ? `Partly matched (some SKUs missing or spread over several products): ${result.partialProducts.slice(0, 20).join(', ')}${result.partialProducts.length > 20 ? ' …' : ''}` : '',
              `Remembered ids: ${result.knownBefore} before, ${result.knownAfter} now.`,
            ]
              .filter(Boolean)
              .join('\n') + '\n',
          );
        }
        ctx.setExitCode(exitCode);
      });
    },
  );
