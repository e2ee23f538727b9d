/**
 * A workbook open in Excel (its owner file `~$…` beside it) or LibreOffice (`.~lock.…#`) is read
 * with a warning first: the seller may be saving it.
 */
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOfficeLockNames } from '../../src/sources/find-office-lock-file.js';
import { runCliCaptured } from '../helpers/run-cli-captured.js';

const ROOT = join(import.meta.dirname, '..', '..');
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'office-lock-'));
  await copyFile(join(ROOT, 'samples/catalog.xlsx'), join(dir, 'catalog.xlsx'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function validate(): ReturnType<typeof runCliCaptured> {
  return runCliCaptured(['validate', 'catalog.xlsx', '-m', join(ROOT, 'mappings/sample.yaml'), '--sandbox', '--state-dir', join(dir, 'state')], { cwd: dir });
}

describe('a workbook open in a spreadsheet program', () => {
  it('names the owner files Excel and LibreOffice write', () => {
    expect(listOfficeLockNames('catalog.xlsx')).toEqual(['~$catalog.xlsx', '.~lock.catalog.xlsx#']);
    // Excel replaces the first two characters of a longer name.
    expect(listOfficeLockNames('my-catalog.xlsx')).toEqual(['~$-catalog.xlsx', '~$my-catalog.xlsx', '.~lock.my-catalog.xlsx#']);
  });

  it('no owner file: no warning; Excel’s owner file beside it: a warning naming it, and the run goes on', async () => {
    const closed = await validate();
    expect(closed.code, closed.stderr).toBe(0);
    expect(closed.stderr).not.toContain('looks open');
    await writeFile(join(dir, '~$catalog.xlsx'), 'owner');
    const open = await validate();
    expect(open.code, open.stderr).toBe(0);
    expect(open.stderr).toMatch(/^warn: catalog\.xlsx looks open in a spreadsheet program \(~\$catalog\.xlsx is beside it\)/m);
  }, 120_000);
});
