/**
 * A stamp of the code that turns an input into a kept result (the compiled-mapping and the
 * resolved-settings caches, issue 39): the SHA-256 of its modules' code and its packages' versions,
 * so that a changed module or package makes every kept result a miss without a version number to
 * remember.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What a stamp covers: modules relative to `base` (without extension) and packages by name. */
export interface StampedCode {
  /** Names the cache: two caches over the same modules stamp apart. */
  readonly label: string;
  /** `import.meta.url` of the module the names are relative to. */
  readonly base: string;
  readonly modules: readonly string[];
  readonly packages: readonly string[];
}

/**
 * A function giving the stamp of `code`, computed once per process. `undefined` when it cannot be
 * computed (a module not where it is named, as in a bundle): the cache is then not used, never the
 * run stopped; a failed computation is not kept, the next call tries again.
 */
export function createCodeStamp(code: StampedCode): () => string | undefined {
  let stamp: string | undefined;
  return () => {
    try {
      return (stamp ??= computeStamp(code));
    } catch {
      return undefined;
    }
  };
}

function computeStamp(code: StampedCode): string {
  const hash = createHash('sha256').update(`${code.label}\n`);
  // The same extension as the base module's: `.js` in `dist/`, `.ts` when run from the sources.
  const extension = extname(fileURLToPath(code.base));
  // Read synchronously: a few small files read while a run starts; each asynchronous read was four round trips to the thread pool (issue 39).
  for (const name of code.modules) hash.update(readFileSync(new URL(`${name}${extension}`, code.base))).update('\n');
  const require = createRequire(code.base);
  for (const name of code.packages) hash.update(`${name}@${(require(`${name}/package.json`) as { version: string }).version}\n`);
  return hash.digest('hex');
}
