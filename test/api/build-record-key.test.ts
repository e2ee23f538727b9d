import { describe, expect, it } from 'vitest';
import { buildRecordKey } from '../../src/api/record-reader.js';

describe('buildRecordKey', () => {
  it('keys records by id, else by their JSON', () => {
    expect(buildRecordKey({ id: 7, name: 'a' })).toBe('id:7');
    expect(buildRecordKey({ id: 7, name: 'b' })).toBe('id:7');
    expect(buildRecordKey({ code: 'x' })).toBe('json:{"code":"x"}');
  });
});
