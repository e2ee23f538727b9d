/**
 * qa33's case through the CLI: directories cached, then the service too slow for `--timeout-ms`
 * at submit, so no request reaches it. The run exits 3 ("the service could not be used", which a
 * script retries later), not 1 (rows to fix), and still writes its report.
 */
import { access } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { runCliCaptured } from '../helpers/run-cli-captured.js';
import { writeSandboxEnv } from '../helpers/write-sandbox-env.js';
import { buildPhoneRows, createPhoneCatalog } from '../helpers/smartphone-catalog.js';

let sandbox: SandboxHandle;
let catalog: Awaited<ReturnType<typeof createPhoneCatalog>>;
let env: Record<string, string>;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, jobDelayMs: 0 });
  catalog = await createPhoneCatalog(buildPhoneRows(3));
  env = await writeSandboxEnv(sandbox, catalog.dir);
});

afterAll(async () => {
  await sandbox.close();
  await catalog.remove();
});

describe('import against a service that cannot be reached at submit', () => {
  it('exits 3 with every row not sent and the report written', async () => {
    const dry = await runCliCaptured(['validate', 'catalog.csv', '-m', 'mapping.yaml'], { cwd: catalog.dir, env });
    expect(dry.code, dry.stderr).toBe(0);
    sandbox.setFaults({ latencyMs: 1500 });
    const run = await runCliCaptured(['import', 'catalog.csv', '-m', 'mapping.yaml', '--timeout-ms', '1000', '--retry-limit', '1', '--json'], { cwd: catalog.dir, env });
    const result = JSON.parse(run.stdout.trimEnd().split('\n').at(-1) ?? '{}') as { type?: string; exitCode?: number; counts?: unknown; reportPaths?: { summary: string } };
    expect(run.code, run.stderr).toBe(3);
    expect(result).toMatchObject({ type: 'result', exitCode: 3, counts: { byStatus: { not_sent: 6 } } });
    await access(result.reportPaths?.summary ?? 'no summary path');
    expect(run.stdout).toContain('could not be reached after 2 attempt(s)');
  });
});
