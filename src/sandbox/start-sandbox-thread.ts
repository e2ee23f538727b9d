/**
 * The embedded sandbox of a run (`--sandbox`), started on a thread of its own (`sandbox-thread.ts`
 * runs `startSandbox` there). The run's thread is the one that maps and checks the rows and, before
 * them, reads the directories page by page; with the sandbox on it, that thread also loaded the
 * sandbox's modules and reference data and answered each of those pages (its HTTP parsing, the
 * page's JSON, the collections of what both ends kept). On its own thread the sandbox starts while
 * the run reads its mapping and opens its state, and answers while the client reads the pages
 * before: about a quarter of the run thread's CPU in preparing a first 100,000-row dry run
 * (docs/performance.md). The sandbox is the same code over the same HTTP; the `sandbox` command and
 * the tests start it in their own thread with `startSandbox`.
 */
import { ConfigError, InternalError, PipelineError, StateError } from '../core/errors.js';
import type { PipelineErrorCode } from '../core/errors.js';
import { startModuleWorker } from '../core/start-module-worker.js';
import type { SandboxDialectSpec } from './dialects/dialect-types.js';
import type { SandboxCredential, SandboxHandle, SandboxOptions } from './types.js';

/** What the embedded sandbox is started with: only what crosses threads (no clock, no hand-made dialect or data). */
export type SandboxThreadOptions = Pick<SandboxOptions, 'port' | 'stateFile' | 'requiredFields'> & { dialect?: SandboxDialectSpec };

/** The embedded sandbox, as the run holds it: where it listens, its sellers, and how it stops. */
export type EmbeddedSandbox = Pick<SandboxHandle, 'url' | 'port' | 'credentials' | 'close'>;

/** What the sandbox's thread posts once: started, or why not. */
export type SandboxThreadMessage =
  | { type: 'started'; url: string; port: number; credentials: SandboxCredential[] }
  | { type: 'failed'; name: string; code: string | undefined; message: string };

/**
 * Starts the sandbox on its thread; resolves once it listens. Rejects as `startSandbox` does
 * (`StateError` for an unreadable state file, `ConfigError` for an unknown dialect), or with
 * `InternalError` when the thread itself fails. `close()` stops the sandbox, writes its state file
 * and ends the thread.
 */
export async function startSandboxThread(options: SandboxThreadOptions): Promise<EmbeddedSandbox> {
  const worker = startModuleWorker('sandbox-thread', import.meta.url, { workerData: options });
  let failure: Error | undefined;
  // Held from the start: a thread that fails later must not become an uncaught error of the run;
  // its requests then fail to connect, and say so.
  worker.on('error', (error) => (failure ??= error));
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  const first = await Promise.race([
    new Promise<SandboxThreadMessage>((resolve) => worker.once('message', resolve)),
    exited.then((code): SandboxThreadMessage => ({ type: 'failed', name: failure?.name ?? 'Error', code: undefined, message: failure?.message ?? `its thread ended (exit code ${code})` })),
  ]);
  if (first.type === 'failed') {
    await exited;
    throw rebuildStartError(first);
  }
  let closing: Promise<void> | undefined;
  return {
    url: first.url,
    port: first.port,
    credentials: first.credentials,
    close() {
      closing ??= (async () => {
        worker.postMessage('close');
        await exited;
      })();
      return closing;
    },
  };
}

/** The start's failure as the class `startSandbox` threw it. */
function rebuildStartError(failed: Extract<SandboxThreadMessage, { type: 'failed' }>): Error {
  if (failed.name === 'StateError') return new StateError(failed.message);
  if (failed.name === 'ConfigError') return new ConfigError(failed.message);
  if (failed.code !== undefined) return new PipelineError(failed.code as PipelineErrorCode, failed.message);
  return new InternalError(`the embedded sandbox did not start: ${failed.name}: ${failed.message}`);
}
