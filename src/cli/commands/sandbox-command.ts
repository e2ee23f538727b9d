/**
 * `catalog-import sandbox`: starts the embedded sandbox service in the foreground.
 */
import { resolvePath } from '../../pipeline/open-service.js';
import { startSandbox } from '../../sandbox/start-sandbox.js';
import { SANDBOX_DIALECT_NAMES } from '../../sandbox/dialects/index.js';
import type { CommandRegistrar } from '../command-context.js';

/** Registers `sandbox`. */
export const registerSandboxCommand: CommandRegistrar = (y, ctx) =>
  y.command(
    'sandbox',
    'Start the sandbox: a local implementation of the Seller Catalog Service to rehearse against',
    (c) =>
      c
        .option('port', { type: 'number', default: 8080, describe: 'Port to listen on (0 = any free port)' })
        .option('dialect', { choices: SANDBOX_DIALECT_NAMES, default: 'interface' as const, describe: "Which choices to make where the interface is silent: shapes, paging, status words, error bodies, id sizes (docs/sandbox.md#dialects)" })
        .option('host', { type: 'string', default: '127.0.0.1', describe: 'Address to listen on' })
        .option('state-file', { type: 'string', describe: 'Keep products and jobs in this JSON file across restarts' })
        .option('latency-ms', { type: 'number', default: 0, describe: 'Delay added to every answer' })
        .option('rate-limit', { type: 'number', describe: 'Requests per second before answering 429 with Retry-After' })
        .option('failure-rate', { type: 'number', default: 0, describe: 'Share of requests answered 503 (0..1)' })
        .option('drop-rate', { type: 'number', default: 0, describe: 'Share of connections dropped without an answer (0..1)' })
        .option('token-ttl', { type: 'number', default: 3600, describe: 'Token lifetime in seconds' })
        .option('job-delay-ms', { type: 'number', default: 300, describe: 'Time an import job takes' })
        .example('$0 sandbox --port 8080', 'Start on port 8080 and print the credentials')
        .example('$0 sandbox --latency-ms 100 --rate-limit 20 --state-file sandbox.json', 'Rehearse with latency, a rate limit and persistent data'),
    async (argv) => {
      try {
        const sandbox = await startSandbox({
          dialect: argv.dialect,
          port: argv.port,
          host: argv.host,
          stateFile: argv.stateFile ? resolvePath(ctx.io.cwd, argv.stateFile) : null,
          tokenTtlSeconds: argv.tokenTtl,
          jobDelayMs: argv.jobDelayMs,
          faults: {
            latencyMs: argv.latencyMs,
            failureRate: argv.failureRate,
            dropRate: argv.dropRate,
            rateLimit: argv.rateLimit ? { requests: argv.rateLimit, perSeconds: 1 } : null,
          },
        });
        const lines = [
          `Sandbox Seller Catalog Service listening on ${sandbox.url} (dialect ${argv.dialect})`,
          ...sandbox.credentials.map((c) => `  seller: clientId ${c.clientId}  clientSecret ${c.clientSecret}  shopIds ${c.shopIds.join(',')}`),
          `  try:  curl -s -X POST ${sandbox.url}/api/v1/auth/token -H 'Content-Type: application/json' -d '{"clientId":"${sandbox.credentials[0]?.clientId ?? ''}","clientSecret":"${sandbox.credentials[0]?.clientSecret ?? ''}"}'`,
          '  Press Ctrl-C to stop.',
        ];
        ctx.io.stdout(`${lines.join('\n')}\n`);
        await ctx.io.waitForStop?.();
        await sandbox.close();
        ctx.setExitCode(0);
      } catch (error) {
        ctx.reportError(error, false);
      }
    },
  );
