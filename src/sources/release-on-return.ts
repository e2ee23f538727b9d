/**
 * An async generator's `finally` runs only once it has started: `return()` on one never asked for
 * a record ends it without running its body, so what it would have closed stays open (a copy of a
 * clean file asks for none of its records). `releaseOnReturn` closes it either way.
 */

/** `generator` as it is, except that `return()` and `throw()` also run `release` (which must bear being run after the generator's own clean-up). */
export function releaseOnReturn<T>(generator: AsyncGenerator<T>, release: () => Promise<unknown>): AsyncGenerator<T> {
  const wrapped: AsyncGenerator<T> = {
    next: (...args: [] | [unknown]) => generator.next(...args),
    async return(value) {
      try {
        return await generator.return(value);
      } finally {
        await release();
      }
    },
    async throw(error) {
      try {
        return await generator.throw(error);
      } finally {
        await release();
      }
    },
    [Symbol.asyncIterator]: () => wrapped,
  };
  return wrapped;
}
