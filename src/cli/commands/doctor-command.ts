/**
 * `catalog-import doctor`: the first command to run against a new service. A read-only sweep
 * (`sweep-service.ts`) that says, per endpoint, what it saw, what the tool will do with it, and
 * which settings would make it read what it could not. Exit 0 only when everything the import
 * needs was understood; 3 otherwise. Nothing that changes the catalog is ever sent.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SweepResult } from '../../api/sweep-service.js';
import type { openStateStore } from '../../state/index.js';
import type { CommandRegistrar } from '../command-context.js';
import { withServiceOptions } from '../common-options.js';
import type { ServiceArgv } from '../common-options.js';
import { renderJsonLines } from '../render-json-lines.js';
import { EXIT } from '../exit-codes.js';

/** Renders the sweep for the terminal. */
function renderDoctorReport(result: SweepResult): string {
  const lines: string[] = [];
  for (const check of result.checks) {
    lines.push(`${check.ok ? 'ok  ' : 'FAIL'} ${check.name}`);
    for (const saw of check.saw) lines.push(`       saw:  ${saw}`);
    for (const will of check.will) lines.push(`       will: ${will}`);
    for (const problem of check.problems) lines.push(`       not understood: ${problem}`);
    for (const suggestion of check.suggestions) lines.push('       try in the settings file:', ...suggestion.split('\n').map((l) => `         ${l}`));
  }
  lines.push(result.ok ? 'Everything the import needs was understood.' : 'Some answers were not understood: an import would stop or leave outcomes unknown. See docs/service-profile.md.');
  return `${lines.join('\n')}\n`;
}

/** The last job the state knows for this account, if any. */
async function findLastJob(stateDir: string, account: Parameters<typeof openStateStore>[0]['account'], now: () => Date): Promise<{ jobId: string; infoUrl: string | null } | undefined> {
  const { openStateStore, STATE_DB_FILE } = await import('../../state/index.js');
  // Read-only: a state directory that does not exist yet is not created.
  if (!existsSync(join(stateDir, STATE_DB_FILE))) return undefined;
  let store: ReturnType<typeof openStateStore> | undefined;
  try {
    store = openStateStore({ dir: stateDir, account, now });
    for (const run of store.listRuns({ limit: 20 })) {
      const batch = store.listBatches(run.runId).filter((b) => b.jobId !== null).pop();
      if (batch?.jobId) return { jobId: batch.jobId, infoUrl: batch.infoUrl };
    }
    return undefined;
  } catch {
    // No state yet (or not readable): the sweep simply has no job to look at.
    return undefined;
  } finally {
    store?.close();
  }
}

/** Registers `doctor`. */
export const registerDoctorCommand: CommandRegistrar = (y, ctx) =>
  y.command(
    'doctor',
    ctx.describe('help.command.doctor'),
    (c) =>
      withServiceOptions(c, ctx.describe)
        .option('write-profile', { type: 'string', describe: ctx.describe('help.option.write-profile') })
        .example('$0 doctor --base-url https://seller-api.example.kz --client-id me --client-secret-file secret.txt --write-profile service.yaml', ctx.describe('help.example.doctor-profile'))
        .example('$0 doctor --base-url https://seller-api.example.kz --client-id me --client-secret-file secret.txt', ctx.describe('help.example.doctor-live'))
        .example('$0 doctor --sandbox --json', ctx.describe('help.example.doctor-sandbox')),
    async (argv) => {
      const json = Boolean(argv.json);
      await ctx.withOpenService(argv as ServiceArgv, { json }, async ({ service, settings, deps, done }) => {
        const lastJob = await findLastJob(service.stateDir, service.account, deps.now);
        const { sweepService } = await import('../../api/sweep-service.js');
        const writeTo = (argv as { writeProfile?: string }).writeProfile;
        const written = writeTo === undefined ? undefined : await (await import('./write-doctor-profile.js')).writeDoctorProfile({ file: writeTo, service, settings, deps, lastJob });
        const result = written?.sweep ?? (await sweepService({ client: service.client, lastJob, configuredFields: settings.service.fields }));
        done();
        if (written !== undefined && !json) ctx.io.stdout(`profile: ${written.inferred} setting(s) inferred by data, written to ${written.path}${written.unsettled.length > 0 ? ` (${written.unsettled.length} fact(s) not settled, listed there)` : ''}; the sweep below ran with it\n`);
        const exitCode = result.ok ? EXIT.ok : EXIT.serviceUnusable;
        if (json) ctx.io.stdout(renderJsonLines([], { command: 'doctor', ok: result.ok, baseUrl: service.baseUrl, checks: result.checks, ...(written === undefined ? {} : { profile: written.path }) }, exitCode));
        else ctx.io.stdout(renderDoctorReport(result));
        ctx.setExitCode(exitCode);
      });
    },
  );
