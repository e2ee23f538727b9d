/**
 * What the service's status words mean. The interface names no status words, so the tool knows
 * wide lists of them (settings `service.statuses` add more) and treats every other word as
 * unknown: a job is finished only on a known terminal word, and an unknown word is never success.
 */

/** What a status word means. `unknown`: a word not in any list; `absent`: no word given. */
export type StatusMeaning = 'pending' | 'succeeded' | 'failed' | 'partial' | 'unknown' | 'absent';

/** Status words by meaning. */
export interface StatusVocabulary {
  pending: readonly string[];
  succeeded: readonly string[];
  failed: readonly string[];
  partial: readonly string[];
}

/** The words known without settings. */
export const DEFAULT_STATUS_VOCABULARY: StatusVocabulary = {
  pending: ['Queued', 'Pending', 'Created', 'New', 'Waiting', 'Scheduled', 'Submitted', 'Received', 'Processing', 'InProgress', 'Running', 'Started', 'Validating', 'Importing', 'InQueue'],
  succeeded: ['Done', 'Completed', 'Complete', 'Success', 'Succeeded', 'Successful', 'Imported', 'Finished', 'Processed', 'Ok', 'Updated'],
  failed: ['Failed', 'Failure', 'Error', 'Errored', 'Rejected', 'ValidationFailed', 'ValidationError', 'Invalid', 'Declined', 'Cancelled', 'Canceled', 'Aborted'],
  partial: ['Partial', 'PartiallySucceeded', 'PartiallyCompleted', 'PartialSuccess', 'PartiallyImported', 'CompletedWithErrors', 'DoneWithErrors', 'FinishedWithErrors'],
};

/** Folds a status word for comparison: `IN_PROGRESS`, `in progress` and `InProgress` are one word. */
function foldStatusWord(word: string): string {
  return word.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Classifies words with one vocabulary. */
export type StatusClassifier = (word: string | null | undefined) => StatusMeaning;

/**
 * Builds a classifier from vocabularies merged in order (the settings' words first). A word in
 * two lists takes the first meaning in the order failed, partial, pending, succeeded: an
 * ambiguous word never reads as success.
 */
export function createStatusClassifier(...vocabularies: { [K in keyof StatusVocabulary]?: readonly string[] | undefined }[]): StatusClassifier {
  const meaning = new Map<string, StatusMeaning>();
  for (const kind of ['failed', 'partial', 'pending', 'succeeded'] as const) {
    for (const vocabulary of vocabularies) {
      for (const word of vocabulary[kind] ?? []) {
        const folded = foldStatusWord(word);
        if (folded !== '' && !meaning.has(folded)) meaning.set(folded, kind);
      }
    }
  }
  return (word) => {
    if (word === null || word === undefined || String(word).trim() === '') return 'absent';
    return meaning.get(foldStatusWord(String(word))) ?? 'unknown';
  };
}
