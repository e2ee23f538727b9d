import type { Category } from '../../domain/index.js';
import type { ValueMatch } from '../match-value.js';

/** The match as a question with this doubt: its best pick, if any, taken away and its candidates kept. */
export function asLabelQuestion(match: ValueMatch<Category>, doubt: string): ValueMatch<Category> {
  const { best: _best, ...rest } = match;
  return { ...rest, status: 'todo', doubt };
}
