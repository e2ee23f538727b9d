/**
 * `doctor --write-profile FILE`: infers the service profile from the directories' first pages by
 * data (`infer-service-profile.ts`), checks it by sweeping the service again with it in place of
 * the built-in names' guesses, and writes it as a settings file with the reason beside each line.
 * Read-only like `doctor`: no import is ever sent, so the job's status words and location are
 * taken from the last job the state knows, or left to the built-in words (docs/service-profile.md).
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CatalogClient } from '../../api/create-catalog-client.js';
import type { RawDirectoryAnswer } from '../../api/infer-service-profile.js';
import type { SweepResult } from '../../api/sweep-service.js';
import type { Deps } from '../../core/deps.js';
import { AbortedError, PipelineError } from '../../core/errors.js';
import { DIRECTORY_NAMES } from '../../domain/directories.js';
import type { ServiceContext } from '../../pipeline/open-service.js';
import type { Settings } from '../../settings/settings-schema.js';

/** What writing the profile gave: the sweep with it, and the file written. */
interface WrittenProfile {
  sweep: SweepResult;
  path: string;
  inferred: number;
  unsettled: string[];
}

/** Infers, checks and writes the profile; `lastJob` as for the sweep. */
export async function writeDoctorProfile(
  options: { file: string; service: ServiceContext; settings: Settings; deps: Deps; lastJob?: { jobId: string; infoUrl: string | null } | undefined },
): Promise<WrittenProfile> {
  const { SERVICE_LIMITS } = await import('../../domain/index.js');
  const { inferServiceProfile } = await import('../../api/infer-service-profile.js');
  const { buildInferredServiceSection, renderServiceProfile } = await import('../../api/render-service-profile.js');
  const { openService } = await import('../../pipeline/open-service.js');
  const { sweepService } = await import('../../api/sweep-service.js');
  const { settings, service, deps } = options;

  const answers = await probeRawDirectories(service.client, SERVICE_LIMITS.maxPageSize);
  const inferred = inferServiceProfile(answers);
  const section = buildInferredServiceSection(inferred);
  // The settings' own words stay first: the profile adds the inferred names behind them.
  const fields = { ...section.fields } as Record<string, string[]>;
  for (const [key, names] of Object.entries(settings.service.fields)) if (names !== undefined) fields[key] = [...new Set([...names, ...(fields[key] ?? [])])];
  const checked: Settings = { ...settings, service: { ...settings.service, fields, pageSizes: { ...section.pageSizes, ...settings.service.pageSizes } } };
  const reopened = settings.sandbox ? service : await openService(checked, deps);
  try {
    const sweep = await sweepService({ client: reopened.client, lastJob: options.lastJob, configuredFields: fields });
    const header = [
      `Service profile inferred by catalog-import doctor --write-profile on ${deps.now().toISOString()}, by data (not by names).`,
      `Checked: ${sweep.ok ? 'every directory reads whole with it, and the import can run on it' : 'NOT everything could be read with it: see the doctor report'}.`,
      'Use it with --config (it holds no address and no credentials). Job status words and location are not probed: doctor sends no import.',
    ];
    const path = resolve(deps.cwd, options.file);
    await writeFile(path, renderServiceProfile(inferred, header), 'utf8');
    return { sweep, path, inferred: inferred.settings.length, unsettled: inferred.unsettled };
  } finally {
    if (reopened !== service) await reopened.close();
  }
}


/**
 * The first page of each directory as the service answers it, asked through the client (its
 * gate, retries, time-out, token and base path). A refused token stops here; a directory that
 * cannot be read is left out (the sweep reports it).
 */
async function probeRawDirectories(client: CatalogClient, pageSize: number): Promise<RawDirectoryAnswer[]> {
  await client.getToken();
  const out: RawDirectoryAnswer[] = [];
  for (const name of DIRECTORY_NAMES) {
    try {
      const { body, nextLink } = await client.readFirstDirectoryPage(name, pageSize);
      out.push({ name, body, asked: pageSize, nextLink });
    } catch (error) {
      if (!(error instanceof PipelineError) || error instanceof AbortedError) throw error;
    }
  }
  return out;
}
