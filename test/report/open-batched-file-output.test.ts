import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { openBatchedFileOutput } from '../../src/report/open-batched-file-output.js';
import { makeTempDir } from './report-builders.js';

describe('openBatchedFileOutput', () => {
  it('writes what was put, in order, once closed', async () => {
    const path = join(await makeTempDir(), 'out.csv');
    const output = openBatchedFileOutput(path);
    output.putText('Артикул;');
    output.putAscii('42');
    output.putByte(0x0a);
    output.putBytes(Buffer.from('abc\n'), 1, 4);
    await output.close();
    expect(await readFile(path, 'utf8')).toBe('Артикул;42\nbc\n');
  });

  // The stream opens its file on another thread: a destroy that returned at once let a removal of
  // the partial file run before the open, which then made the file again (the pipeline removes the
  // copies of a failed report right after destroying their writers).
  it('is closed when destroy() resolves, so a partial file removed after it stays removed', async () => {
    const dir = await makeTempDir();
    for (let i = 0; i < 25; i++) {
      const path = join(dir, `copy-${i}.csv`);
      const output = openBatchedFileOutput(path);
      output.putText('partial');
      await output.destroy();
      await rm(path, { force: true });
    }
    await sleep(50);
    const left = Array.from({ length: 25 }, (_, i) => join(dir, `copy-${i}.csv`)).filter((path) => existsSync(path));
    expect(left).toEqual([]);
  });
});
