/** The message of a value the resolver did not find. */
import type { Resolution } from '../../mapping/create-value-resolver.js';

/** `category "X" is not in the mapping or the directory`, or names the missing mapping target. */
export function describeMissing(what: string, value: string, resolution: Resolution<unknown>): string {
  if (resolution.status === 'missing' && resolution.target !== undefined) {
    return `the mapping sends ${what} "${value}" to "${resolution.target}", which is not in the directory`;
  }
  return `${what} "${value}" is not in the mapping or the directory`;
}
