/**
 * The kill suite: the CLI import runs in a child process against the sandbox (through a proxy
 * that can hold a request or its answer) and is killed with SIGKILL at chosen points of the
 * protocol; then the same import is run again to the end. Afterwards every valid product is on
 * the service exactly once with the file's content, and the report gives every row an outcome.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import { readJournal, waitForJournal } from './kill-kit.js';
import type { JournalView } from './kill-kit.js';
import { finishAndCheck, isImport, setUpKillCase, startKillableImport } from './kill-case.js';

const batchesIn = (view: JournalView, status: string): number => view.batches.filter((b) => b.status === status).length;

describe('an import killed at a point of the protocol and run again loses and duplicates nothing', () => {
  it('killed while the directories load (before any state)', async () => {
    const c = await setUpKillCase();
    c.proxy.decide = (r) => (r.path === DEFAULT_PATHS.categories ? 'holdRequest' : 'pass');
    const child = startKillableImport(c);
    await c.proxy.whenHeld((r) => r.path === DEFAULT_PATHS.categories);
    await child.kill();
    expect(readJournal(c.stateDir).batches).toEqual([]);
    await finishAndCheck(c);
  });

  it('killed right after the run was opened (rows being spooled or just spooled, nothing sent)', async () => {
    const c = await setUpKillCase(120);
    c.proxy.decide = (r) => (isImport(r) ? 'holdRequest' : 'pass');
    const child = startKillableImport(c);
    await waitForJournal(c.stateDir, child, (v) => v.runs.length > 0);
    await child.kill();
    expect(c.sandbox.stats().importRequests).toBe(0);
    await finishAndCheck(c);
  });

  it('killed while the first request is on its way (journal says sending, the service has nothing)', async () => {
    const c = await setUpKillCase();
    c.proxy.decide = (r) => (isImport(r) ? 'holdRequest' : 'pass');
    const child = startKillableImport(c);
    await c.proxy.whenHeld(isImport);
    await waitForJournal(c.stateDir, child, (v) => batchesIn(v, 'sending') > 0);
    await child.kill();
    expect(c.sandbox.stats().importRequests).toBe(0);
    await finishAndCheck(c);
  });

  it('killed after the service accepted the request and before its jobId was written', async () => {
    const c = await setUpKillCase();
    c.proxy.decide = (r) => (isImport(r) && r.nth === 0 ? 'holdResponse' : isImport(r) ? 'holdRequest' : 'pass');
    const child = startKillableImport(c);
    await c.proxy.whenHeld((r) => isImport(r) && r.action === 'holdResponse');
    const view = await waitForJournal(c.stateDir, child, (v) => batchesIn(v, 'sending') > 0);
    await child.kill();
    // The service queued the job; the journal never learnt its id.
    expect(c.sandbox.stats().importRequests).toBe(1);
    expect(view.batches.every((b) => b.jobId === null)).toBe(true);
    await finishAndCheck(c);
  });

  it('killed with two requests accepted by the service and neither answer recorded', async () => {
    const c = await setUpKillCase();
    c.proxy.decide = (r) => (isImport(r) && r.nth < 2 ? 'holdResponse' : isImport(r) ? 'holdRequest' : 'pass');
    const child = startKillableImport(c);
    await c.proxy.whenHeld((r) => isImport(r) && r.nth === 1);
    await c.proxy.whenHeld((r) => isImport(r) && r.nth === 0);
    await child.kill();
    expect(c.sandbox.stats().importRequests).toBe(2);
    await finishAndCheck(c);
  });

  it('killed with one request recorded as accepted and the next accepted by the service but unanswered', async () => {
    const c = await setUpKillCase();
    c.proxy.decide = (r) => (isImport(r) && r.nth === 1 ? 'holdResponse' : isImport(r) && r.nth > 1 ? 'holdRequest' : 'pass');
    const child = startKillableImport(c);
    await c.proxy.whenHeld((r) => isImport(r) && r.nth === 1);
    await waitForJournal(c.stateDir, child, (v) => v.batches.some((b) => b.jobId !== null));
    await child.kill();
    await finishAndCheck(c);
  });

  it('killed while a job is accepted and not yet done', async () => {
    const c = await setUpKillCase();
    const child = startKillableImport(c);
    const view = await waitForJournal(c.stateDir, child, (v) => batchesIn(v, 'accepted') > 0);
    await child.kill();
    expect(batchesIn(view, 'done')).toBe(0);
    await finishAndCheck(c);
  });

  it('killed while a job status answer is in flight', async () => {
    const c = await setUpKillCase();
    c.proxy.decide = (r) => (r.path === DEFAULT_PATHS.importInfo ? 'holdResponse' : 'pass');
    const child = startKillableImport(c);
    await c.proxy.whenHeld((r) => r.path === DEFAULT_PATHS.importInfo);
    await child.kill();
    await finishAndCheck(c);
  });

  it('killed right after the first job result was recorded', async () => {
    const c = await setUpKillCase();
    const child = startKillableImport(c);
    await waitForJournal(c.stateDir, child, (v) => batchesIn(v, 'done') > 0);
    await child.kill();
    await finishAndCheck(c);
  });

  it('killed once every job was recorded (while the report is being written)', async () => {
    const c = await setUpKillCase();
    const child = startKillableImport(c);
    await waitForJournal(c.stateDir, child, (v) => v.batches.length === 3 && batchesIn(v, 'done') === 3);
    await child.kill();
    await finishAndCheck(c);
  });
});
