import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildMappingJsonSchema } from '../../src/mapping/build-mapping-json-schema.js';
import { loadMapping } from '../../src/mapping/load-mapping.js';

const ROOT = join(import.meta.dirname, '..', '..');

describe('schemas/mapping.schema.json', () => {
  it('is the JSON Schema the zod schema generates (regenerate with `npx vitest run test/mapping -u`)', async () => {
    await expect(`${JSON.stringify(buildMappingJsonSchema(), null, 2)}\n`).toMatchFileSnapshot('../../schemas/mapping.schema.json');
  });

  it('describes the input form: defaults optional, unknown keys refused', () => {
    const schema = buildMappingJsonSchema() as { required?: string[]; additionalProperties?: boolean; properties: Record<string, { default?: unknown }> };
    expect(schema.required).toEqual(['columns']);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.batchSize?.default).toBe(30);
  });
});

describe('mappings/', () => {
  it('every shipped mapping parses', async () => {
    const files = await readdir(join(ROOT, 'mappings')).catch(() => [] as string[]);
    for (const file of files.filter((name) => /\.ya?ml$/.test(name))) {
      await expect(loadMapping(join('mappings', file), { cwd: ROOT }), file).resolves.toBeDefined();
    }
  });
});
