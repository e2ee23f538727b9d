/**
 * `catalog-import sandbox`: starts the embedded sandbox service in the foreground.
 */
import { resolve } from 'node:path';
import { checkSandboxDialectSpec, SANDBOX_DIALECT_NAMES, SANDBOX_DIALECT_SPEC_HINT, STRUCTURAL_DIALECT_NAMES, type SandboxDialectSpec } from '../../sandbox/dialects/dialect-types.js';
import type { SandboxRequirableField } from '../../sandbox/types.js';
import type { CommandRegistrar } from '../command-context.js';

/** `--required-fields`: a comma-separated list of barcode, description, photos, or `none`; throws naming a wrong word. */
export function parseRequiredFields(text: string): SandboxRequirableField[] {
  const words = text
    .split(',')
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word !== '');
  if (words.length === 1 && words[0] === 'none') return [];
  const wrong = words.filter((word) => !(REQUIRABLE as readonly string[]).includes(word));
  if (wrong.length > 0) throw new Error(`--required-fields: ${wrong.join(', ')} is not one of ${REQUIRABLE.join(', ')} (or none)`);
  return [...new Set(words as SandboxRequirableField[])];
}

const REQUIRABLE: readonly SandboxRequirableField[] = ['barcode', 'description', 'photos'];

/** True for an address only this machine can reach. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/**
 * What the sandbox says when it starts: where it listens (the address asked for, not the one to
 * use from this machine alone) and, when other machines can reach it, that its fixed, published
 * credentials can then be used by anyone on the network.
 */
export function renderSandboxBanner(host: string, port: number, localUrl: string): { listening: string; warning: string | null } {
  const wildcard = host === '0.0.0.0' || host === '::' || host === '';
  const shown = host.includes(':') ? `[${host}]` : host;
  const listening = wildcard
    ? `Sandbox Seller Catalog Service listening on every network interface (${host || '0.0.0.0'}), port ${port}; from this machine: ${localUrl}`
    : `Sandbox Seller Catalog Service listening on http://${shown}:${port}`;
  const warning = isLoopback(host)
    ? null
    : `warning: the sandbox is reachable from the network (--host ${host || '0.0.0.0'}), and its credentials below are fixed and published in the docs: anyone who can reach port ${port} can use them and read or change its data. Use it only on a trusted network; the default --host 127.0.0.1 keeps it to this machine.`;
  return { listening, warning };
}

/** Registers `sandbox`. */
export const registerSandboxCommand: CommandRegistrar = (y, ctx) =>
  y.command(
    'sandbox',
    ctx.describe('help.command.sandbox'),
    (c) =>
      c
        .option('port', { type: 'number', default: 8080, describe: ctx.describe('help.option.port') })
        .option('dialect', {
          type: 'string',
          default: 'interface',
          describe: ctx.describe('help.option.dialect', { dialects: SANDBOX_DIALECT_NAMES.join(', '), parts: STRUCTURAL_DIALECT_NAMES.join(', ') }),
          coerce: (text: string): SandboxDialectSpec => {
            const spec = text.trim();
            if (!checkSandboxDialectSpec(spec)) throw new Error(`--dialect ${text}: not a sandbox dialect (${SANDBOX_DIALECT_SPEC_HINT})`);
            return spec;
          },
        })
        .option('host', { type: 'string', default: '127.0.0.1', describe: ctx.describe('help.option.host') })
        .option('state-file', { type: 'string', describe: ctx.describe('help.option.state-file') })
        .option('latency-ms', { type: 'number', default: 0, describe: ctx.describe('help.option.latency-ms') })
        .option('rate-limit', { type: 'number', describe: ctx.describe('help.option.sandbox-rate-limit') })
        .option('failure-rate', { type: 'number', default: 0, describe: ctx.describe('help.option.failure-rate') })
        .option('drop-rate', { type: 'number', default: 0, describe: ctx.describe('help.option.drop-rate') })
        .option('token-ttl', { type: 'number', default: 3600, describe: ctx.describe('help.option.token-ttl') })
        .option('job-delay-ms', { type: 'number', default: 300, describe: ctx.describe('help.option.job-delay-ms') })
        .option('required-fields', {
          type: 'string',
          default: 'barcode',
          describe: ctx.describe('help.option.required-fields'),
        })
        .check((argv) => {
          parseRequiredFields(String(argv['required-fields']));
          return true;
        })
        .example('$0 sandbox --port 8080', ctx.describe('help.example.sandbox-port'))
        .example('$0 sandbox --required-fields none', ctx.describe('help.example.sandbox-required'))
        .example('$0 sandbox --latency-ms 100 --rate-limit 20 --state-file sandbox.json', ctx.describe('help.example.sandbox-rehearse')),
    async (argv) => {
      try {
        const { startSandbox } = await import('../../sandbox/start-sandbox.js');
        const sandbox = await startSandbox({
          dialect: argv.dialect,
          port: argv.port,
          host: argv.host,
          stateFile: argv.stateFile ? resolve(ctx.io.cwd, argv.stateFile) : null,
          tokenTtlSeconds: argv.tokenTtl,
          jobDelayMs: argv.jobDelayMs,
          requiredFields: parseRequiredFields(argv.requiredFields),
          faults: {
            latencyMs: argv.latencyMs,
            failureRate: argv.failureRate,
            dropRate: argv.dropRate,
            rateLimit: argv.rateLimit ? { requests: argv.rateLimit, perSeconds: 1 } : null,
          },
        });
        const banner = renderSandboxBanner(argv.host, sandbox.port, sandbox.url);
        if (banner.warning) ctx.io.stderr(`${banner.warning}\n`);
        const lines = [
          `${banner.listening} (dialect ${argv.dialect}; required: ${parseRequiredFields(argv.requiredFields).join(', ') || 'none of barcode, description, photos'})`,
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
