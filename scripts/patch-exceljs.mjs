#!/usr/bin/env node
/**
 * Applies `patches/exceljs+<version>.patch` to the installed exceljs. Meant to run as `postinstall`
 * (`node scripts/patch-exceljs.mjs`), and safe to run again: a patch already in place is left
 * alone. Each hunk is applied by its exact text, so a changed exceljs file is reported instead of
 * patched blindly.
 *
 * Usage: node scripts/patch-exceljs.mjs [--check | --revert]
 *   --check   exit 1 when the patch is not applied (changes nothing)
 *   --revert  take the patch out again (used to show that the tests fail without it)
 *
 * When no patch matches the installed exceljs version it only prints a notice: the reader's
 * runtime check (src/sources/check-exceljs-patch.ts) then tells whether that version still needs
 * one.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const mode = process.argv.includes('--revert') ? 'revert' : process.argv.includes('--check') ? 'check' : 'apply';

const require = createRequire(join(root, 'package.json'));
let packageDir;
try {
  packageDir = dirname(require.resolve('exceljs/package.json'));
} catch {
  console.log('patch-exceljs: exceljs is not installed, nothing to patch');
  process.exit(0);
}
const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const patchPath = join(root, 'patches', `exceljs+${version}.patch`);
if (!existsSync(patchPath)) {
  console.log(`patch-exceljs: no patch for exceljs ${version} (patches/exceljs+${version}.patch); nothing done`);
  process.exit(0);
}

let failed = false;
for (const file of parsePatch(readFileSync(patchPath, 'utf8'))) {
  const target = join(packageDir, file.path.replace(/^node_modules\/exceljs\//, ''));
  const original = readFileSync(target, 'utf8');
  let text = original;
  for (const hunk of file.hunks) {
    // A hunk counts as applied when its patched text is present: the unpatched text may also be
    // (the last hunk of the exceljs patch repeats its context lines inside the added block).
    const applied = text.includes(hunk.after);
    if (mode === 'check') {
      if (!applied) {
        failed = true;
        console.error(`patch-exceljs: hunk ${hunk.header} of ${file.path} is not applied`);
      }
      continue;
    }
    if (mode === 'apply' ? applied : !applied) continue;
    const [from, to] = mode === 'revert' ? [hunk.after, hunk.before] : [hunk.before, hunk.after];
    const at = text.indexOf(from);
    if (at === -1 || text.indexOf(from, at + 1) !== -1) {
      failed = true;
      console.error(`patch-exceljs: hunk ${hunk.header} of ${file.path} does not match the installed file`);
      continue;
    }
    text = text.slice(0, at) + to + text.slice(at + from.length);
  }
  if (text !== original && !failed) writeFileSync(target, text);
  if (!failed) console.log(`patch-exceljs: ${file.path} ${mode === 'check' ? 'is patched' : text === original ? 'already done' : `${mode === 'revert' ? 'reverted' : 'patched'}`}`);
}
process.exit(failed ? 1 : 0);

/**
 * Reads a unified diff into files and hunks; each hunk as the exact text before and after.
 * @param {string} diff
 * @returns {{ path: string, hunks: { header: string, before: string, after: string }[] }[]}
 */
function parsePatch(diff) {
  const files = [];
  let file;
  let hunk;
  for (const line of diff.split('\n')) {
    if (line.startsWith('--- ')) {
      hunk = undefined;
      continue;
    }
    if (line.startsWith('+++ ')) {
      file = { path: line.slice(4).replace(/^b\//, '').trim(), hunks: [] };
      files.push(file);
      continue;
    }
    if (line.startsWith('@@') && file) {
      hunk = { header: line, before: [], after: [] };
      file.hunks.push(hunk);
      continue;
    }
    if (!hunk) continue;
    const body = line.slice(1);
    if (line.startsWith(' ') || line === '') {
      hunk.before.push(body);
      hunk.after.push(body);
    } else if (line.startsWith('-')) {
      hunk.before.push(body);
    } else if (line.startsWith('+')) {
      hunk.after.push(body);
    }
  }
  for (const f of files) {
    for (const h of f.hunks) {
      // The trailing empty string after the final newline of the diff is not part of the hunk.
      while (h.before.length > 0 && h.after.length > 0 && h.before.at(-1) === '' && h.after.at(-1) === '') {
        h.before.pop();
        h.after.pop();
      }
      h.before = h.before.join('\n');
      h.after = h.after.join('\n');
    }
  }
  return files;
}
