/**
 * A process that awaits the reader thread's hash of a file with nothing else alive, as a run whose
 * directories came from the cache does (open-source-in-worker.test.ts starts it): prints the hash.
 */
import { openSourceOnThread } from '../../src/sources/open-source-in-worker.js';

const path = process.argv[2] as string;
let hashing: Promise<string> | undefined;
const stream = await openSourceOnThread({ inWorker: true, fallBack: false }, path, {}, {}, (received) => (hashing = received));
process.stdout.write(`${await hashing}\n`);
await stream.rows[Symbol.asyncIterator]().return?.();
