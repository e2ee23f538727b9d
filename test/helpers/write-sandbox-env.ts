import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SandboxHandle } from '../../src/sandbox/types.js';

/**
 * The environment a CLI run in `dir` needs to reach the sandbox: its URL, the first client's id and
 * secret (written to `dir/secret`, read through `CATALOG_CLIENT_SECRET_FILE`), and a state folder
 * `dir/state` of its own.
 */
export async function writeSandboxEnv(sandbox: SandboxHandle, dir: string): Promise<Record<string, string>> {
  await writeFile(join(dir, 'secret'), sandbox.credentials[0]?.clientSecret ?? '');
  return {
    CATALOG_BASE_URL: sandbox.url,
    CATALOG_CLIENT_ID: sandbox.credentials[0]?.clientId ?? '',
    CATALOG_CLIENT_SECRET_FILE: join(dir, 'secret'),
    CATALOG_STATE_DIR: join(dir, 'state'),
  };
}
