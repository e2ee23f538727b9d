/**
 * The modules of `src/` some modules import for values, transitively: what a cache's code stamp
 * must cover (the compiled-mapping and resolved-settings caches list theirs; their tests compare).
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';

/** Relative specifiers a module imports for values (`import`, `export … from`, `import()`), type-only imports left out. */
export function listValueImports(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/(?:^|[\n;])\s*(?:import|export)\s+([^'";]*?)\s*from\s*['"](\.[^'"]+)['"]|(?:^|[\n;])\s*import\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g)) {
    const clause = match[1];
    const specifier = match[2] ?? match[3] ?? match[4];
    if (specifier === undefined) continue;
    const names = clause === undefined ? undefined : /^\{([^}]*)\}$/.exec(clause)?.[1];
    const typeOnly = clause !== undefined && (clause.startsWith('type ') || (names !== undefined && names.split(',').map((name) => name.trim()).filter(Boolean).every((name) => name.startsWith('type '))));
    if (!typeOnly) found.push(specifier);
  }
  return found;
}

/** Every module the given ones (names relative to `fromDir`, no extension) import for values, transitively, themselves included, relative to `fromDir`. */
export async function walkValueImports(fromDir: string, starts: string[]): Promise<string[]> {
  const seen = new Set<string>();
  const queue = starts.map((name) => join(fromDir, `${name}.ts`));
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of listValueImports(await readFile(file, 'utf8'))) queue.push(join(dirname(file), specifier.replace(/\.js$/, '.ts')));
  }
  return [...seen].map((file) => {
    const path = relative(fromDir, file).replace(/\.ts$/, '');
    return path.startsWith('.') ? path : `./${path}`;
  });
}
