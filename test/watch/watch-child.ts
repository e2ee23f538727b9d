/**
 * A watcher in its own process, for the crash test: reads its setup from WATCH_CHILD_CONFIG and
 * prints every pipeline event and log record as one JSON line on stdout, so the test can kill it
 * at a chosen moment.
 */
import { createNodeDeps } from '../../src/core/deps.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';
import { runWatch } from '../../src/watch/run-watch.js';

interface ChildConfig {
  inbox: string;
  mapping: string;
  stateDir: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

const config = JSON.parse(process.env.WATCH_CHILD_CONFIG ?? '{}') as ChildConfig;
const settings = resolveSettings({
  flags: { baseUrl: config.baseUrl, clientId: config.clientId, clientSecret: config.clientSecret, stateDir: config.stateDir, pollIntervalMs: 20 },
});
const result = await runWatch(
  {
    inbox: config.inbox,
    mapping: config.mapping,
    settings,
    once: false,
    stableSeconds: 0.2,
    markerMode: false,
    failOnRowErrors: false,
    pollIntervalMs: 50,
    pid: process.pid,
    onLog: (record) => process.stdout.write(`${JSON.stringify({ log: record })}\n`),
  },
  createNodeDeps({ env: {}, onEvent: (event) => process.stdout.write(`${JSON.stringify({ event })}\n`) }),
);
process.exitCode = result.exitCode;
