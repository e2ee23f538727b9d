import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createExportWriter } from '../../src/export/create-export-writer.js';

describe('createExportWriter: an abandoned file', () => {
  // The export removes its `.partial` file right after destroying the writer: a writer whose file
  // opened later than that removal made the file again (both writers open theirs asynchronously).
  it.each(['csv', 'xlsx'] as const)('is closed once destroy() resolves, so a %s removed after it stays removed', async (format) => {
    const dir = await mkdtemp(join(tmpdir(), 'export-writer-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const paths: string[] = [];
    for (let i = 0; i < 20; i++) {
      const path = join(dir, `out-${i}.${format}.partial`);
      paths.push(path);
      const writer = createExportWriter(path, format);
      await writer.write(['A-1', 'Футболка', 1990]);
      await writer.destroy();
      await rm(path, { force: true });
    }
    await sleep(100);
    expect(paths.filter((path) => existsSync(path))).toEqual([]);
  });
});
