/**
 * Starts a worker thread on one of our modules, in both worlds the code runs in: built (`dist`,
 * plain JavaScript: the module's `.js` file next to the caller's) and from the TypeScript sources
 * (vitest, `npm run cli`, through tsx). A worker does not inherit tsx's loader, and Node 20 ignores
 * `--import tsx` in a worker's execArgv for its entry module: the entry is then a line of
 * JavaScript that imports the TypeScript module through tsx's API. (The ESM build of tsx's API:
 * its CommonJS build fails to find its own parts through a symlinked node_modules.) The same
 * mechanism for every thread of ours (the reading thread, the issue-list thread).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker running the module `name` (no extension) that sits next to the module whose
 * `import.meta.url` is `callerUrl`. Throws when the thread cannot be made.
 */
export function startModuleWorker(name: string, callerUrl: string, options: WorkerOptions): Worker {
  if (!callerUrl.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, callerUrl), options);
  const api = pathToFileURL(join(dirname(createRequire(callerUrl).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  const entry = new URL(`./${name}.ts`, callerUrl).href;
  const code = `import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(callerUrl)}));`;
  return new Worker(code, { ...options, eval: true });
}
