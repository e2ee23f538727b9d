/**
 * Whether remembering the last result, to copy it when the same input comes again, still pays:
 * a memo is tried until it has missed `trial` times, and after that while at least a quarter of its
 * tries were hits. One that stops paying is not tried again (nothing counts any more), so a key
 * whose values keep changing (a barcode in every message) costs only the comparisons of its first
 * tries. One rule for every such memo of the report's hot paths.
 */
export class MemoTrial {
  private hits = 0;
  private misses = 0;

  constructor(private readonly trial = 16) {}

  /** Whether to compare with the remembered input (and remember a new one) this time. */
  paying(): boolean {
    return this.misses < this.trial || this.hits * 4 >= this.misses;
  }

  /** The input was the remembered one. */
  hit(): void {
    this.hits += 1;
  }

  /** The input was another. */
  miss(): void {
    this.misses += 1;
  }
}
