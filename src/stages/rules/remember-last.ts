/**
 * The SKU rows of a product repeat its texts word for word (name, price, category, brand,
 * attribute values): a rule whose answer is a pure function of a cell's text keeps the answer for
 * the text asked last, so a repeat costs one comparison. These run per cell: one closure and two
 * variables, nothing allocated on a repeat.
 */

/**
 * `answer`, remembering its answer for the last text. An `undefined` answer is not kept (the text is
 * asked again next time): a rule may learn its answer later, after the row has been checked.
 */
export function rememberLast<A>(answer: (text: string) => A): (text: string) => A {
  let lastText: string | undefined;
  let lastAnswer: A | undefined;
  return (text) => {
    if (text === lastText) return lastAnswer as A;
    const fresh = answer(text);
    if (fresh !== undefined) {
      lastText = text;
      lastAnswer = fresh;
    }
    return fresh;
  };
}

/** {@link rememberLast} for an answer that depends on two texts (the Kazakh text and the Russian one). */
export function rememberLastPair<A>(answer: (text: string, other: string) => A): (text: string, other: string) => A {
  let lastText: string | undefined;
  let lastOther: string | undefined;
  let lastAnswer: A | undefined;
  return (text, other) => {
    if (text === lastText && other === lastOther) return lastAnswer as A;
    const fresh = answer(text, other);
    if (fresh !== undefined) {
      lastText = text;
      lastOther = other;
      lastAnswer = fresh;
    }
    return fresh;
  };
}

/**
 * A text, or the equal text seen last: the same string object for a repeat. Each SKU row brings its
 * own copy of the product's texts; handing back the first copy makes every later comparison of the
 * text (the assembler's agreement check, the spool's shared fields) one of identity, and the row's
 * own copy dies young instead of living as long as its product.
 */
export function rememberRepeatedText(): (text: string) => string {
  return rememberLast((text: string) => text);
}
