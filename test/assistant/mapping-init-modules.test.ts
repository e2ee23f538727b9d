import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

describe('what mapping init loads for a YAML draft', () => {
  it('imports the mapping decoder (its schema and zod), the YAML notes reader and the workbook writer only when it writes a workbook', async () => {
    const code = await readFile(join(ROOT, 'src', 'assistant', 'run-mapping-init.ts'), 'utf8');
    const statics = [...code.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)';/gmu)].map((match) => match[1]);
    expect(statics).toContain('../mapping/read-mapping-file.js');
    for (const module of ['../mapping/load-mapping.js', '../mapping/convert-mapping.js', '../mapping/write-mapping-workbook.js']) {
      expect(statics).not.toContain(module);
      expect(code).toContain(`import('${module}')`);
    }
  });
});
