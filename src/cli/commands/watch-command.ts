/**
 * `catalog-import watch INBOX`: imports every file dropped into a folder, keeps running (or, with
 * `--once`, processes what is there and exits, for cron and systemd timers). See docs/watch.md.
 */
import type { WatchLogFormat } from '../../watch/render-watch-log.js';
import type { CommandRegistrar } from '../command-context.js';
import { renderJsonLines } from '../render-json-lines.js';
import { withServiceOptions } from '../common-options.js';
import type { ServiceArgv } from '../common-options.js';
import { buildSendingSettings, withSendingOptions } from '../sending-options.js';

/** Registers `watch`. */
export const registerWatchCommand: CommandRegistrar = (y, ctx) =>
  y.command(
    'watch <inbox>',
    ctx.describe('help.command.watch'),
    (c) =>
      withServiceOptions(
        withSendingOptions(c, ctx.describe)
          .positional('inbox', { type: 'string', demandOption: true, describe: ctx.describe('help.positional.inbox') })
          .option('mapping', { alias: 'm', type: 'string', demandOption: true, describe: ctx.describe('help.option.watch-mapping') })
          .option('once', { type: 'boolean', default: false, describe: ctx.describe('help.option.once') })
          .option('stable-seconds', { type: 'number', default: 10, describe: ctx.describe('help.option.stable-seconds') })
          .option('marker', { type: 'boolean', default: false, describe: ctx.describe('help.option.marker') })
          .option('fail-on-row-errors', { type: 'boolean', default: false, describe: ctx.describe('help.option.fail-on-row-errors') })
          .option('poll-seconds', { type: 'number', default: 2, describe: ctx.describe('help.option.poll-seconds') })
          .option('log-format', { choices: ['text', 'json'] as const, default: 'text' as const, describe: ctx.describe('help.option.log-format') })
          .option('verbose', { type: 'boolean', default: false, describe: ctx.describe('help.option.verbose') })
          .option('lock-stale-seconds', { type: 'number', default: 60, describe: ctx.describe('help.option.lock-stale-seconds') })
          .option('retry-seconds', { type: 'number', default: 60, describe: ctx.describe('help.option.retry-seconds') })
          .group(['once', 'stable-seconds', 'marker', 'fail-on-row-errors', 'poll-seconds', 'log-format', 'verbose', 'lock-stale-seconds', 'retry-seconds'], ctx.describe('help.group.watching'))
          .example('$0 watch /srv/drop --mapping mappings/shop.yaml', ctx.describe('help.example.watch'))
          .example('$0 watch /srv/drop -m mappings/shop.yaml --once --log-format json', ctx.describe('help.example.watch-once'))
          .example('$0 watch /srv/drop -m mappings/shop.yaml --marker', ctx.describe('help.example.watch-marker')),
        ctx.describe,
      ),
    async (argv) => {
      const logFormat: WatchLogFormat = argv.json ? 'json' : argv.logFormat;
      const mode = { json: false, quiet: !argv.verbose, jsonErrors: logFormat === 'json', flags: buildSendingSettings(argv) };
      await ctx.withSettings(argv as ServiceArgv, mode, async ({ resolved: settings, deps, done }) => {
        const [{ runWatch }, { renderWatchLogLine }] = await Promise.all([import('../../watch/run-watch.js'), import('../../watch/render-watch-log.js')]);
        const result = await runWatch(
          {
            inbox: argv.inbox,
            mapping: argv.mapping,
            settings,
            once: argv.once,
            stableSeconds: argv.stableSeconds,
            markerMode: argv.marker,
            failOnRowErrors: argv.failOnRowErrors,
            pollIntervalMs: Math.max(10, Math.round(argv.pollSeconds * 1000)),
            lockStaleMs: Math.max(1000, argv.lockStaleSeconds * 1000),
            retryDelayMs: Math.max(0, argv.retrySeconds * 1000),
            // --json: the NDJSON of every command (a `type` on each line, a result line last); `--log-format json` keeps its old lines.
            onLog: (record) => ctx.io.stdout(`${argv.json ? JSON.stringify({ type: `watch:${record.event}`, ...(JSON.parse(renderWatchLogLine(record, 'json')) as object) }) : renderWatchLogLine(record, logFormat)}\n`),
            // The CLI is where the process is known; the library only writes it into the lock.
            pid: globalThis.process.pid,
          },
          deps,
        );
        done();
        if (argv.json) ctx.io.stdout(renderJsonLines([], { files: result.files.length }, result.exitCode));
        ctx.setExitCode(result.exitCode);
      });
    },
  );
