import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SANDBOX, makeTempDir, openTestStore } from './state-test-kit.js';

const writerScript = fileURLToPath(new URL('./fixtures/crash-writer.ts', import.meta.url));

/** Runs the writer, waits for its run id, kills it with SIGKILL, and returns the run id. */
function runAndKill(dir: string): Promise<{ runId: string; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', writerScript, dir, SANDBOX.baseUrl, SANDBOX.clientId], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let runId: string | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (runId === undefined && out.includes('\n') && line !== undefined) {
        runId = (JSON.parse(line) as { runId: string }).runId;
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (runId === undefined) reject(new Error(`the writer exited before reporting: ${err}`));
      else resolve({ runId, signal });
    });
  });
}

describe('crash safety', () => {
  it('keeps a batch recorded as sending, and ids recorded before, when the process is killed with SIGKILL', async () => {
    const dir = await makeTempDir();
    const { runId, signal } = await runAndKill(dir);
    expect(signal).toBe('SIGKILL');

    const store = openTestStore(dir, SANDBOX);
    expect(store.listBatches(runId)).toMatchObject([{ index: 0, status: 'sending', attempts: 1, productKeys: ['A', 'B'] }]);
    expect(store.getBatchRequestBody(runId, 0)).toBe('{"products":["the request about to be sent"]}');
    expect(store.getProductIds('A')?.productId).toBe(1001);
    expect(store.findResumableRun('f'.repeat(64), 'm'.repeat(64))?.runId).toBe(runId);
  });
});
