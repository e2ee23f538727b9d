/**
 * The embedded sandbox's thread (`start-sandbox-thread.ts` starts it): `startSandbox` with the
 * options it was given, then its address and sellers posted back; a `close` message closes it
 * (the state file written) and ends the thread. A start that fails posts the failure and ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { isPipelineError } from '../core/errors.js';
import { startSandbox } from './start-sandbox.js';
import type { SandboxThreadOptions, SandboxThreadMessage } from './start-sandbox-thread.js';

const port = parentPort;
if (port === null) throw new Error('sandbox-thread.ts runs only as a worker thread');
const post = (message: SandboxThreadMessage): void => port.postMessage(message);

try {
  const sandbox = await startSandbox(workerData as SandboxThreadOptions);
  port.once('message', () => {
    // The port closed after the state is written: the thread then ends (nothing else holds it).
    void sandbox.close().finally(() => port.close());
  });
  post({ type: 'started', url: sandbox.url, port: sandbox.port, credentials: sandbox.credentials });
} catch (error) {
  post({
    type: 'failed',
    name: error instanceof Error ? error.name : 'Error',
    code: isPipelineError(error) ? error.code : undefined,
    message: error instanceof Error ? error.message : String(error),
  });
  port.close();
}
