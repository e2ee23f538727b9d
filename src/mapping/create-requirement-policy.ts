/**
 * Which required attributes a product must carry, and how a missing one is reported (issue 37
 * item 5). The directory's word is the default: a requirement stated for the category is an
 * error, one stated only for the attribute over several categories ("stated by the service, scope
 * unclear") a warning. The mapping wins: `categoryDefaults.<category>.required.<code>` over
 * `attributes[].required` over `validation.requiredAttributes` over the directory.
 */
import type { IssueData } from '../core/issue.js';
import type { CategoryAttribute, DirectoryIndex } from './directory-index.js';
import type { Mapping } from './mapping-schema.js';
import type { ValueResolver } from './create-value-resolver.js';

/** How a missing required attribute is reported: an error (not sent), a warning (sent), or not at all. */
export type RequirementVerdict = 'error' | 'warning' | 'off';

/** Where the verdict came from, for the message. */
export type RequirementSource = 'category' | 'directory-unclear' | 'mapping' | 'validation';

/** The verdict on one attribute of one category. */
export interface RequirementJudgement {
  verdict: RequirementVerdict;
  source: RequirementSource;
}

/** Judges the required attributes of a category. */
export interface RequirementPolicy {
  /** The attributes of `categoryId` a product must carry, each with how its absence is reported. */
  requiredIn(categoryId: number): readonly { link: CategoryAttribute; judgement: RequirementJudgement }[];
}

const NONE: readonly { link: CategoryAttribute; judgement: RequirementJudgement }[] = [];

/** The directory's word alone (no mapping): stated per category → error, per attribute → warning. */
function judgeByDirectory(link: CategoryAttribute): RequirementJudgement {
  if (!link.isRequired) return { verdict: 'off', source: 'category' };
  return link.requirementUnclear ? { verdict: 'warning', source: 'directory-unclear' } : { verdict: 'error', source: 'category' };
}

/**
 * The policy of one run: the mapping's words resolved once (category keys through the resolver
 * `createResolver` makes, only when some category says `required`; a key naming no category is
 * reported by the `categoryDefaults` rule), judgements cached per category.
 */
export function createRequirementPolicy(
  mapping: Mapping | undefined,
  index: DirectoryIndex,
  createResolver?: () => Pick<ValueResolver, 'resolveCategory' | 'resolveCategoryTarget'>,
): RequirementPolicy {
  const byAttribute = new Map<string, boolean>();
  for (const attribute of mapping?.attributes ?? []) if (attribute.required !== undefined) byAttribute.set(attribute.code, attribute.required);
  const byCategory = new Map<number, Map<string, boolean>>();
  let resolver: Pick<ValueResolver, 'resolveCategory' | 'resolveCategoryTarget'> | undefined;
  for (const [key, entry] of Object.entries(mapping?.categoryDefaults ?? {})) {
    if (Object.keys(entry.required).length === 0 || createResolver === undefined) continue;
    resolver ??= createResolver();
    const resolution = /^\d+$/.test(key.trim()) ? resolver.resolveCategoryTarget(Number(key)) : resolver.resolveCategory(key);
    if (resolution.status !== 'found') continue;
    for (const category of resolution.entries) byCategory.set(category.id, new Map([...(byCategory.get(category.id) ?? []), ...Object.entries(entry.required)]));
  }
  const severity = mapping?.validation.requiredAttributes;
  const judge = (categoryId: number, link: CategoryAttribute): RequirementJudgement => {
    const own = byCategory.get(categoryId)?.get(link.attribute.code) ?? byAttribute.get(link.attribute.code);
    if (own !== undefined) return { verdict: own ? 'error' : 'off', source: 'mapping' };
    const directory = judgeByDirectory(link);
    return directory.verdict === 'off' || severity === undefined ? directory : { verdict: severity, source: 'validation' };
  };
  const cache = new Map<number, readonly { link: CategoryAttribute; judgement: RequirementJudgement }[]>();
  return {
    requiredIn(categoryId) {
      let judged = cache.get(categoryId);
      if (judged === undefined) {
        const links = index.attributesByCategory.get(categoryId) ?? [];
        const list = links.map((link) => ({ link, judgement: judge(categoryId, link) })).filter((entry) => entry.judgement.verdict !== 'off');
        judged = list.length === 0 ? NONE : list;
        cache.set(categoryId, judged);
      }
      return judged;
    },
  };
}

/** The words a message adds to say why a missing attribute is (only) a warning, and what to set. */
export function describeRequirement(judgement: RequirementJudgement, categoryId: number): IssueData {
  const requirement = judgement.source === 'directory-unclear' ? 'directory_unclear' : judgement.source === 'mapping' ? 'mapping' : 'category';
  return { requirement, category: categoryId };
}
