/**
 * What `mapping init` proposes beyond plain columns (pure): the category from the group rows the
 * goods sit under (`_group1`, `_group2`, …; the deepest level), the brand named inside the product
 * name (a `derive:` lookup), and volume or weight written in the name (`0,45 л`, `85 г`: a regex
 * with a unit conversion). A derivation is proposed only when the file shows it: enough names
 * carry a brand or a quantity, or group rows exist while no column gives the category. The category
 * read from the names is the classifier's (`choose-category-source.ts`); a regex of the leaf names the
 * names start with was proposed here once, and dropped: it placed fewer rows surely on every list tried
 * where it competed (docs/mapping-assistant.md, "`mapping init`'s category source").
 */
import type { Brand } from '../domain/index.js';
import type { DirectoryIndex } from '../mapping/directory-index.js';
import { createWordIndex } from '../stages/derive/find-words-in-text.js';

/** A derived column the draft writes under `derive:`, and the field or attribute it feeds. */
export interface DerivationDraft {
  /** The derived column's name, as fields and attributes name it. */
  name: string;
  /** The column it is taken from. */
  from: string;
  /** The steps, as the mapping writes them. */
  steps: Record<string, unknown>[];
  /** Feeds `columns.brand` or `columns.category`, or an attribute. */
  feeds: { kind: 'field'; field: 'brand' | 'category' } | { kind: 'attribute'; code: string };
  /** Why it is proposed: how many names of how many showed it. */
  evidence: string;
}

/** The category taken from group rows. */
export interface GroupCategoryDraft {
  /** `_group<level>`. */
  column: string;
  level: number;
  /** Distinct texts of that level. */
  texts: readonly string[];
}

/** Share of the product names that must show a brand or a quantity before a derivation is proposed. */
const DERIVATION_MIN_SHARE = 0.2;

const QUANTITIES: readonly { name: string; attribute: string; pattern: RegExp; regex: string; unit: string; what: string }[] = [
  { name: 'Объём из названия', attribute: 'volume_ml', pattern: /\d+(?:[.,]\d+)?\s*(?:мл|л)(?!\p{L})/iu, regex: '(\\d+(?:[.,]\\d+)?\\s*(?:мл|л)(?!\\p{L}))', unit: 'мл', what: 'a volume (мл, л)' },
  { name: 'Вес из названия', attribute: 'net_weight_g', pattern: /\d+(?:[.,]\d+)?\s*(?:г|кг)(?!\p{L})/iu, regex: '(\\d+(?:[.,]\\d+)?\\s*(?:г|кг)(?!\\p{L}))', unit: 'г', what: 'a weight (г, кг)' },
];

/** The deepest group level that has texts, as the category column; undefined without group rows. */
export function proposeGroupCategory(groups: ReadonlyMap<number, readonly string[]> | undefined): GroupCategoryDraft | undefined {
  if (groups === undefined) return undefined;
  const levels = [...groups.entries()].filter(([, texts]) => texts.length > 0).sort((a, b) => b[0] - a[0]);
  const deepest = levels[0];
  return deepest === undefined ? undefined : { column: `_group${deepest[0]}`, level: deepest[0], texts: deepest[1] };
}

/**
 * Derivations from the product names: the brand (when no column gives it) and the quantities the
 * directory has attributes for (when no column feeds them).
 */
export function proposeNameDerivations(
  nameColumn: string,
  names: readonly string[],
  index: DirectoryIndex,
  options: { brandFromColumn: boolean; fedAttributes: ReadonlySet<string> },
): DerivationDraft[] {
  if (names.length === 0) return [];
  const enough = (count: number): boolean => count >= 2 && count >= names.length * DERIVATION_MIN_SHARE;
  const proposals: DerivationDraft[] = [];
  if (!options.brandFromColumn) {
    const brands = createWordIndex([...index.brandById.values()].filter((brand) => !isNoBrand(brand)).map((brand) => [brand.name, brand.name] as const));
    const found = names.filter((name) => brands.find(name) !== undefined).length;
    if (enough(found)) {
      proposals.push({
        name: 'Бренд из названия',
        from: nameColumn,
        steps: [{ lookup: 'brand' }],
        feeds: { kind: 'field', field: 'brand' },
        evidence: `${found} of ${names.length} names name a directory brand`,
      });
    }
  }
  for (const quantity of QUANTITIES) {
    if (options.fedAttributes.has(quantity.attribute) || !index.attributeByCode.has(quantity.attribute)) continue;
    const found = names.filter((name) => quantity.pattern.test(name)).length;
    if (!enough(found)) continue;
    proposals.push({
      name: quantity.name,
      from: nameColumn,
      steps: [{ regex: quantity.regex }, { unit: quantity.unit }],
      feeds: { kind: 'attribute', code: quantity.attribute },
      evidence: `${found} of ${names.length} names hold ${quantity.what}`,
    });
  }
  return proposals;
}

function isNoBrand(brand: Brand): boolean {
  return /^(без бренда|no brand|noname|no name)$/iu.test(brand.name.trim());
}
