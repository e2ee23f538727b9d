/** The printed summaries of `mapping review` and `mapping review --apply`. */
import type { MappingReviewApplyResult, MappingReviewResult } from './run-mapping-review.js';

/** `Wrote … : N product types to answer …`. */
export function renderMappingReview(result: MappingReviewResult, mapping: string): string {
  const lines = [
    `Wrote ${result.out} from ${result.rows} rows.`,
    `${result.reviewTypes} product types to answer (sheet Review${result.groupQuestions > 0 ? `; ${result.groupedTypes} of them in ${result.groupQuestions} groups, one answer for the types proposed one leaf or beginning with one word` : ''}) cover ${result.reviewRows} rows; ${result.wordQuestions} words the tool could not place (sheet Words); the first 50 questions by "Ask order" settle ${result.firstFiftyRows} rows.`,
    `${result.placedRows} rows are placed without asking (sheet Placed lists their ${result.placedTypes} types, to check)${result.answeredRows > 0 ? `; ${result.answeredRows} rows are settled by your earlier answers` : ''}${result.fromServiceTypes > 0 ? `; ${result.fromServiceTypes} types by your products on the marketplace` : ''}.`,
    ...(result.sections.length > 0
      ? [
          `The file's sections (sheet Sections), ${result.sectionsFrom === 'mapping' ? 'as the mapping sets them' : 'read from where its rows placed without asking lie'}: ${result.sections.join('; ')}. ${result.insideRows} of the ${result.sureRows} rows the tool could place without asking lie in them; a name placed outside them is asked${result.outsideSections > 0 ? ` (${result.outsideRows} rows in ${result.outsideSections} other section${result.outsideSections === 1 ? '' : 's'}: "yes" to one on sheet Sections places its rows again)` : ''}. --apply writes the sections answered "yes" to classify.sections.`,
        ]
      : []),
    ...(result.brandWords > 0 ? [`${result.brandWords} words the file writes as brands (sheet Brands) are read as brands, not as product types; --apply keeps those left "yes".`] : []),
    ...(result.untypedRows > 0 ? [`${result.untypedRows} rows have names that name no product type (a bare code): they stay open.`] : []),
    `Pick or type a leaf in column "Your answer (leaf)" (or yes: the proposed leaf${result.groupQuestions > 0 ? '; on a group\'s row for all its types, "no" on a type\'s own row leaves it out; a row "group N, by word" proposes no leaf: name one there' : ''}), say yes or no to each word, then run: catalog-import mapping review --apply ${result.out} -m ${mapping}`,
  ];
  return `${lines.join('\n')}\n`;
}

/** `Applied …: N added …`. */
export function renderMappingReviewApply(result: MappingReviewApplyResult, workbook: string, mapping: string): string {
  const lines = [
    `Applied ${workbook} to ${mapping}: ${result.added} product types added, ${result.replaced} changed, ${result.unchanged} already there${result.neutralAdded > 0 ? `; ${result.neutralAdded} words confirmed harmless (classify.neutralWords)` : ''}${result.brandsAdded > 0 ? `; ${result.brandsAdded} brand words (classify.brandWords)` : ''}${(result.sections ?? []).length > 0 ? `; the file's sections ${(result.sections ?? []).join('; ')} (classify.sections)` : ''}.`,
    result.open > 0 ? `${result.open} types were left unanswered${result.leftOut > 0 ? ` (${result.leftOut} of them left out of their group)` : ''}: their rows stay open (category_uncertain), never guessed${result.openPlacedRows > 0 ? `, but for ${result.openPlacedRows} of them placed without asking, which keep the leaf they are placed in` : ''}.` : 'Every type of sheet Review is answered.',
    `Next: catalog-import validate FILE -m ${mapping}`,
  ];
  return `${lines.join('\n')}\n`;
}
