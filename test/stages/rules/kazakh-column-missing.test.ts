import { describe, expect, it } from 'vitest';
import type { MappingInput } from '../../../src/mapping/mapping-schema.js';
import { createRowMapper } from '../../../src/stages/create-row-mapper.js';
import { HEADER, makeDirectories, makeInfo, makeMapping, makeProductRow } from '../../helpers/builders.js';

const directories = makeDirectories();
// The sheet lacks the Kazakh name column (D, "Атауы") that the mapping names.
const info = makeInfo({ header: HEADER.filter((name) => name !== 'Атауы') });

function run(kazakh: 'error' | 'warning' | 'off') {
  const edit = (input: MappingInput): void => void (input.validation = { kazakh });
  const mapper = createRowMapper(makeMapping(edit), directories, info);
  const full = makeProductRow(makeInfo(), 5);
  const mapped = mapper({ ...full, cells: full.cells.filter((_, i) => HEADER[i] !== 'Атауы') });
  return { setup: mapper.setupIssues.map((issue) => `${issue.severity} ${issue.code} ${issue.path}`), valid: mapped.record?.valid, rowIssues: mapped.issues };
}

describe('a mapped Kazakh column missing from the file follows validation.kazakh', () => {
  it('error: reported once as an error, and the rows are not sendable', () => {
    expect(run('error')).toEqual({ setup: ['error mapped_column_missing columns.name.kaz'], valid: false, rowIssues: [] });
  });
  it('warning: reported once as a warning, and the rows stay valid', () => {
    expect(run('warning')).toEqual({ setup: ['warning mapped_column_missing columns.name.kaz'], valid: true, rowIssues: [] });
  });
  it('off: not reported, and the rows stay valid', () => {
    expect(run('off')).toEqual({ setup: [], valid: true, rowIssues: [] });
  });
});
