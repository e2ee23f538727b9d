/** Header texts by column position, from a reader's `SourceInfo`. */
import type { SourceInfo } from '../sources/types.js';

/** Header texts by column position (index 0 = column A); a gap in the header gives `''`. */
export function buildHeaderTexts(info: Pick<SourceInfo, 'header'>): string[] {
  const names: string[] = [];
  for (const column of info.header) {
    while (names.length < column.index) names.push('');
    names[column.index] = column.name;
  }
  return names;
}
