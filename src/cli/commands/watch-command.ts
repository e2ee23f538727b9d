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
          .positional('inbox', { type: 'string', demandOption: true, describe: 'The inbox folder (it must exist)' })
          .option('mapping', { alias: 'm', type: 'string', demandOption: true, describe: 'Mapping file (YAML), read again for every file' })
          .option('once', { type: 'boolean', default: false, describe: 'Process what is in the inbox (waiting --stable-seconds for files to settle) and exit; for cron and systemd timers' })
          .option('stable-seconds', { type: 'number', default: 10, describe: 'Take a file once its size and modification time have not changed for this long' })
          .option('marker', { type: 'boolean', default: false, describe: 'Take NAME only when NAME.ok is present (write the marker after the file is complete)' })
          .option('fail-on-row-errors', { type: 'boolean', default: false, describe: 'Move files with invalid or rejected rows to failed/ (default: done/, with the issues in the report)' })
          .option('poll-seconds', { type: 'number', default: 2, describe: 'Seconds between looks at the inbox' })
          .option('log-format', { choices: ['text', 'json'] as const, default: 'text' as const, describe: 'Deprecated: use --json. One line per file and per watcher event on stdout; json keeps its old lines (no type, no result line) for existing log collectors' })
          .option('verbose', { type: 'boolean', default: false, describe: 'Also print every import’s progress lines on stderr' })
          .option('lock-stale-seconds', { type: 'number', default: 60, describe: 'A watcher lock not refreshed for this long is taken over (its holder on another host died)' })
          .option('retry-seconds', { type: 'number', default: 60, describe: 'First wait before a file that failed for a passing reason (service down) is tried again; doubles up to 15 min' })
          .group(['once', 'stable-seconds', 'marker', 'fail-on-row-errors', 'poll-seconds', 'log-format', 'verbose', 'lock-stale-seconds', 'retry-seconds'], 'Watching:')
          .example('$0 watch /srv/drop --mapping mappings/shop.yaml', 'Watch a folder; stop with Ctrl-C or SIGTERM')
          .example('$0 watch /srv/drop -m mappings/shop.yaml --once --log-format json', 'Process what is there and exit (cron, systemd timer); exit code as for import')
          .example('$0 watch /srv/drop -m mappings/shop.yaml --marker', 'Take catalog.xlsx only once catalog.xlsx.ok is written'),
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
            settleAfterMs: argv.settleAfter * 1000,
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
