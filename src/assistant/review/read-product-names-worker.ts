/**
 * The worker thread of `read-product-names.ts`: reads the classifier's index from its cache file once, then reads each
 * chunk of names it is sent with `readProductName`, as the main thread reads its own.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readClassifierIndexFile } from '../classify/load-classifier-index.js';
import { createProductNameReader, readProductName } from './read-product-name.js';
import type { ProductNamesWorkerInput, ProductNamesWorkerMessage } from './read-product-names.js';

const input = workerData as ProductNamesWorkerInput;
const port = parentPort;
const index = await readClassifierIndexFile(input.indexPath, input.directoryHash);
const send = (message: ProductNamesWorkerMessage): void => port?.postMessage(message);
if (index === undefined) send({ kind: 'failed', reason: `no classifier index at ${input.indexPath}` });
else {
  const reader = createProductNameReader(index, input.classifyOptions);
  port?.on('message', ({ chunk, texts }: { chunk: number; texts: string[] }) => {
    send({ kind: 'read', chunk, readings: texts.map((text) => readProductName(text, reader)) });
  });
  send({ kind: 'ready' });
}
