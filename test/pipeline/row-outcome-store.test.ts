import { describe, expect, it } from 'vitest';
import { createIssue } from '../../src/core/issue.js';
import { createRowOutcomeStore } from '../../src/pipeline/row-outcome-store.js';

describe('createRowOutcomeStore', () => {
  it('keeps statuses, ids and issues per row and grows past its capacity', () => {
    const store = createRowOutcomeStore(4);
    store.touch(2);
    store.setStatus(3, 'invalid');
    store.setStatus(5000, 'accepted');
    store.setIds(5000, { productId: 7, skuId: 70, jobId: '700' });
    const issue = createIssue({ code: 'x', severity: 'error', stage: 'validate', message: 'bad', row: 3 });
    store.addIssue(3, issue);
    expect(store.size()).toBe(3);
    expect([...store.rows()]).toEqual([2, 3, 5000]);
    expect(store.outcomeOf(5000)).toEqual({ row: 5000, status: 'accepted', productId: 7, skuId: 70, jobId: '700', issues: [] });
    expect(store.outcomeOf(3)?.issues).toEqual([issue]);
    expect(store.outcomeOf(4)).toBeUndefined();
    expect(store.counts()).toEqual({ valid: 1, invalid: 1, accepted: 1 });
    store.clearIssues(3, (i) => i === issue);
    expect(store.outcomeOf(3)?.issues).toEqual([]);
  });

  it('keeps ids set before and after the store grows, and clears them with null', () => {
    const store = createRowOutcomeStore(4);
    store.setStatus(2, 'valid');
    expect(store.outcomeOf(2)).toEqual({ row: 2, status: 'valid', issues: [] });
    store.setIds(3, { jobId: '9' });
    store.setIds(3000, { productId: 1, skuId: 2 });
    store.setIds(3, { productId: null, skuId: 5 });
    store.setIds(9000, { jobId: null });
    expect(store.outcomeOf(3)).toEqual({ row: 3, status: 'valid', skuId: 5, jobId: '9', issues: [] });
    expect(store.outcomeOf(3000)).toEqual({ row: 3000, status: 'valid', productId: 1, skuId: 2, issues: [] });
    store.setIds(3000, { productId: null });
    expect(store.outcomeOf(3000)?.productId).toBeUndefined();
    expect(store.outcomeOf(9000)).toEqual({ row: 9000, status: 'valid', issues: [] });
  });
});
