/** The data of the message of a value the resolver did not find. */
import type { IssueData } from '../../core/issue.js';
import type { Resolution } from '../../mapping/create-value-resolver.js';

/** `X "v" is not in the mapping or the directory` (variant `missing`), or the missing mapping target (variant `mapped`). */
export function describeMissing(resolution: Resolution<unknown>): IssueData {
  if (resolution.status === 'missing' && resolution.target !== undefined) return { variant: 'mapped', target: String(resolution.target) };
  return { variant: 'missing' };
}
