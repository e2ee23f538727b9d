/**
 * Replaces one function of a Node built-in module (`node:fs`, `node:fs/promises`) until the test
 * ends. Our modules import these by name: a named import follows the module's object only once
 * `syncBuiltinESMExports` ran, so it runs after the replacement and again after the restore.
 */
import { syncBuiltinESMExports } from 'node:module';
import { onTestFinished, vi } from 'vitest';

/** Puts `replacement` in place of `module[name]` for the rest of the test. */
export function spyOnBuiltin<M extends object, K extends keyof M & string>(module: M, name: K, replacement: M[K]): void {
  const spy = vi.spyOn(module, name as never) as unknown as { mockImplementation(implementation: unknown): unknown; mockRestore(): void };
  spy.mockImplementation(replacement);
  syncBuiltinESMExports();
  onTestFinished(() => {
    spy.mockRestore();
    syncBuiltinESMExports();
  });
}
