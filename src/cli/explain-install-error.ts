/**
 * An install that skipped better-sqlite3's build (`npm install --ignore-scripts`, pnpm's default
 * of not running dependency scripts, a Node upgrade after the install) fails the first time the
 * state database is opened, with a message about a bindings file. That is neither a bug nor the
 * service: it is told apart here and explained in one line with the command that fixes it.
 */
import { createRequire } from 'node:module';
import { dirname, sep } from 'node:path';
import type { Translator } from '../i18n/create-translator.js';

const NATIVE_MODULE_FAILURES = [
  /Could not locate the bindings file/i,
  /better_sqlite3\.node/i,
  /NODE_MODULE_VERSION/,
  /ERR_DLOPEN_FAILED/,
];

/** True when the error says better-sqlite3's compiled part is missing or built for another Node. */
export function isMissingNativeModule(error: unknown): error is Error {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const text = `${cause.message} ${(cause as NodeJS.ErrnoException).code ?? ''}`;
    if (NATIVE_MODULE_FAILURES.some((pattern) => pattern.test(text))) return true;
  }
  return false;
}

/** The folder to run `npm rebuild` in: the one whose node_modules holds better-sqlite3. */
function findInstallRoot(): string | null {
  try {
    const packageJson = createRequire(import.meta.url).resolve('better-sqlite3/package.json');
    const marker = `${sep}node_modules${sep}`;
    const at = packageJson.lastIndexOf(marker);
    return at < 0 ? dirname(packageJson) : packageJson.slice(0, at) || sep;
  } catch {
    return null;
  }
}

/** The one-line explanation, naming the fix, in the language of `translator`. */
export function explainMissingNativeModule(error: Error, translator: Translator): string {
  const root = findInstallRoot();
  const where = root === null ? '' : `cd ${root.includes(' ') ? JSON.stringify(root) : root} && `;
  const otherNode = /NODE_MODULE_VERSION|ERR_DLOPEN_FAILED/.test(`${error.message} ${String((error as NodeJS.ErrnoException).code)} ${String(error.cause)}`);
  return translator.translate(otherNode ? 'error.sqlite_other_node' : 'error.sqlite_not_built', { fix: `${where}npm rebuild better-sqlite3` });
}
