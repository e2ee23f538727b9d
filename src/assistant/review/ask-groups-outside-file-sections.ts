/**
 * The file's sections (`file-sections.ts`) applied to the product types the review collected without
 * them: each type as the collector would have given it had every name been classified with the
 * sections, so that `mapping review` classifies each name once (it reads the sections from that same
 * pass). The rule reads only a sure pick's leaf path, so it is applied per leaf a type's rows were
 * placed in, never per row: the rows placed outside the sections become open, and the type's proposal
 * carries the doubt naming them.
 */
import { askOutsideFileSections, isOutsideFileSections, type FileSections } from '../classify/file-sections.js';
import type { ProductTypeGroup } from './collect-product-types.js';

/** The types with the picks outside `sections` asked (pure; a type with none is returned as it is). */
export function askGroupsOutsideFileSections(groups: readonly ProductTypeGroup[], sections: FileSections): ProductTypeGroup[] {
  return groups.map((group) => askGroupOutside(group, sections));
}

function askGroupOutside(group: ProductTypeGroup, sections: FileSections): ProductTypeGroup {
  const classification = askOutsideFileSections(group.classification, sections);
  const outside = [...group.placedByPath].filter(([path]) => isOutsideFileSections(sections, path));
  if (outside.length === 0 && classification === group.classification) return group;
  const asked = outside.flatMap(([, serials]) => serials);
  return {
    ...group,
    classification,
    placedRows: group.placedRows - asked.length,
    // In file order; what reads them counts them and settles them as a set.
    openRows: [...group.openRows, ...asked].sort((a, b) => a - b),
    placedByPath: new Map([...group.placedByPath].filter(([path]) => !isOutsideFileSections(sections, path))),
  };
}
