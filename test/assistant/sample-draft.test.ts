/**
 * Issue 7's "done when": `mapping init` on the shipped sample, with its mapping removed, drafts a
 * mapping that validates cleanly once only its TODOs are resolved. A TODO is resolved the way a
 * seller would: with the answer the shipped mapping gives for the same value, else the first
 * candidate the draft lists.
 */
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { runMappingInit } from '../../src/assistant/run-mapping-init.js';
import { createNodeDeps } from '../../src/core/deps.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';

const ROOT = join(import.meta.dirname, '..', '..');
let dir: string | undefined;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

type Tree = Record<string, unknown>;

/** The first `[id]` or `(code)` a TODO comment lists. */
function firstCandidate(comment: string): string | number | undefined {
  const match = /1\) [^[(]*[[(]([^\])]+)[\])]/.exec(comment);
  if (!match?.[1]) return undefined;
  return /^\d+$/.test(match[1]) ? Number(match[1]) : match[1];
}

describe('mapping init on the shipped sample', () => {
  it('drafts a mapping that validates cleanly once its TODOs are resolved', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sample-draft-'));
    await copyFile(join(ROOT, 'samples', 'catalog.xlsx'), join(dir, 'catalog.xlsx'));
    const settings = resolveSettings({ flags: { sandbox: true, stateDir: join(dir, 'state') } });
    const deps = createNodeDeps({ cwd: dir, env: {} });
    await runMappingInit({ file: 'catalog.xlsx', out: 'draft.yaml', force: false, settings: settings.settings }, deps);

    const text = await readFile(join(dir, 'draft.yaml'), 'utf8');
    const comments = new Map<string, string>();
    for (const line of text.split('\n')) {
      const m = /^\s*(.+?): TODO # TODO: (.*)$/.exec(line);
      if (m?.[1]) comments.set(m[1].replace(/^["']|["']$/g, ''), m[2] ?? '');
    }
    expect(comments.size).toBeGreaterThan(0);
    const draft = parseYaml(text) as Tree;
    const shipped = parseYaml(await readFile(join(ROOT, 'mappings', 'sample.yaml'), 'utf8')) as Tree;
    const shippedAttributes = (shipped.attributes ?? []) as { code: string; values?: Tree }[];
    let resolved = 0;
    const resolve = (section: Tree, key: string, answer: unknown): void => {
      section[key] = answer ?? firstCandidate(comments.get(key) ?? '');
      expect(section[key], `no answer for TODO "${key}"`).toBeDefined();
      resolved += 1;
    };
    for (const [name, section] of [['defaults', draft.defaults], ['categories', draft.categories], ['brands', draft.brands]] as const) {
      const answers = (shipped[name] ?? {}) as Tree;
      for (const [key, value] of Object.entries((section ?? {}) as Tree)) {
        if (value !== 'TODO') continue;
        resolve(section as Tree, key, key === 'isLocalMade' ? (answers[key] ?? false) : answers[key]);
      }
    }
    for (const attribute of (draft.attributes ?? []) as { code: string; values?: Tree }[]) {
      const answers = shippedAttributes.find((a) => a.code === attribute.code)?.values ?? {};
      for (const [key, value] of Object.entries(attribute.values ?? {})) if (value === 'TODO') resolve(attribute.values as Tree, key, answers[key]);
    }
    expect(resolved).toBe(comments.size);
    await writeFile(join(dir, 'resolved.yaml'), stringifyYaml(draft));

    const result = await runValidate({ file: 'catalog.xlsx', mapping: 'resolved.yaml', settings }, deps);
    const errors = result.summary.issues.filter((i) => i.severity === 'error');
    expect(errors.slice(0, 5)).toEqual([]);
    expect(result.exitCode).toBe(0);
  }, 120_000);
});
