/**
 * The SKU rows of a product repeat its names and descriptions word for word, each row with a copy
 * of its own. Handing back the first copy for a repeat costs one comparison here and makes every
 * later comparison of the text (the assembler's agreement check, the spool's shared fields) one of
 * identity; the row's own copy dies young instead of living as long as its product.
 */
export class RepeatedText {
  private last = '';

  /** `text`, or the equal text seen last (the same string object for a repeat). */
  take(text: string): string {
    if (text === this.last) return this.last;
    this.last = text;
    return text;
  }
}
