import { collectDemographic, type Demographic, isDemographicEmpty } from '../demographic-words.js';
import { tokenizeForMatch } from '../normalize-for-match.js';

/**
 * The gender or age the product names agree on: two of them at least, and half or more, say it, and none says otherwise.
 * A label is every row's: one row of men's boxers says nothing of a category `Іш киім` (underwear) shared by the men's and
 * the women's leaf, as rivals scored alike stay for several names to choose.
 */
export function readProductDemographic(names: readonly string[]): Demographic {
  const marks = names.slice(0, 50).map((name) => collectDemographic(tokenizeForMatch(name)));
  const said = marks.filter((mark) => !isDemographicEmpty(mark));
  if (said.length < 2 || said.length * 2 < marks.length) return {};
  const genders = new Set(said.map((mark) => mark.gender));
  const kids = new Set(said.map((mark) => mark.kids === true));
  const result: Demographic = {};
  if (genders.size === 1) {
    const [gender] = [...genders];
    if (gender !== undefined) result.gender = gender;
  }
  if (kids.size === 1 && kids.has(true)) result.kids = true;
  return result;
}
