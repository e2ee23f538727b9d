/**
 * `doctor`'s read-only sweep of a configured service: token; every directory (its pages, totals
 * and record fields); page 1 of the product list; details of up to 3 products; the status of the
 * last known job. For each endpoint it records what it saw (wrapper, paging fields, fields used
 * and not used, status words), what the tool will do with it, and a settings snippet for what it
 * could not read. Nothing is sent that changes the seller's catalog: no import request, ever.
 */
import type { DirectoryName, JobStatus } from '../domain/index.js';
import { DIRECTORY_NAMES } from '../domain/directories.js';
import { isPipelineError } from '../core/errors.js';
import type { CatalogClient } from './create-catalog-client.js';
import { PAGES_FROM_ZERO_NOTE } from './load-directory.js';
import { READ_BY_NAME_NOTE, UNKNOWN_TYPE_WORD_NOTE, UNSTATED_BESIDE_FLAGS_NOTE } from './read-directory-records.js';

/** One endpoint's findings. */
export interface SweepCheck {
  name: string;
  ok: boolean;
  /** What the answers looked like. */
  saw: string[];
  /** What the tool will do with them. */
  will: string[];
  /** What it could not read. */
  problems: string[];
  /** Settings that would let it read them (YAML lines under the settings file). */
  suggestions: string[];
}

/** The sweep's result. */
export interface SweepResult {
  ok: boolean;
  checks: SweepCheck[];
}

/** What the sweep may look at besides the client. */
export interface SweepOptions {
  client: CatalogClient;
  /** The last job the state knows, if any. */
  lastJob?: { jobId: string; infoUrl: string | null } | undefined;
  /** The field names the settings already give (`service.fields`): never suggested again. */
  configuredFields?: Readonly<Record<string, readonly string[] | undefined>> | undefined;
}


/** Runs the sweep; never throws for what the service answers (it becomes a failed check). */
export async function sweepService(options: SweepOptions): Promise<SweepResult> {
  const { client } = options;
  const checks: SweepCheck[] = [];
  const token = await attempt('token', async (check) => {
    await client.getToken();
    check.saw.push('a token and its lifetime');
    check.will.push('refresh it before it expires and send it as Authorization: Bearer');
  });
  checks.push(token);
  if (!token.ok) return { ok: false, checks };

  for (const name of DIRECTORY_NAMES) checks.push(await attempt(`directory ${name}`, (check) => sweepDirectory(client, name, check)));
  if (checks.every((check) => check.ok)) checks.push(await attempt('directories linked', (check) => sweepLinked(client, check)));

  let productIds: number[] = [];
  checks.push(
    await attempt('product list', async (check) => {
      const page = await client.listProducts({ pageNumber: 1, pageSize: 20 });
      productIds = page.products.slice(0, 3).map((p) => p.productId);
      check.saw.push(`${page.products.length} product(s) on page 1${page.totalCount >= 0 ? ` of ${page.totalCount}` : ', no total given'}`);
      check.will.push(page.linkPaged === true ? 'follow the next link or cursor until a page has none, and refuse one that leads back' : page.totalCount >= 0 ? 'page by the total, refusing a short list' : 'page until an empty page, then ask page 0 once (a service numbering from 0)');
    }),
  );
  if (productIds.length > 0) {
    checks.push(
      await attempt('product details', async (check) => {
        const details = await client.getProductDetails(productIds);
        check.saw.push(`details of ${details.length} of ${productIds.length} product(s) asked for`);
        const missing = ['name', 'description', 'vat', 'brandId', 'categoryId', 'isLocalMade', 'shopId'].filter((field) => details.some((d) => (d as unknown as Record<string, unknown>)[field] === undefined));
        if (missing.length > 0) check.will.push(`treat ${missing.join(', ')} as not held where the details lack them: never a change, never a reason to re-send`);
        else check.will.push('compare every field of the file with what the service holds');
      }),
    );
  }
  if (options.lastJob !== undefined) {
    const job = options.lastJob;
    checks.push(await attempt(`job ${job.jobId}`, (check) => sweepJob(client, job, check)));
  }
  for (const check of checks) addObservations(client, check);
  for (const check of checks) dropConfiguredSuggestions(check, options.configuredFields ?? {});
  return { ok: checks.every((check) => check.ok), checks };
}

/**
 * A field the settings already name is not suggested again: the names given were not found in the
 * answers, which is a different problem (a misspelt name), said as such.
 */
function dropConfiguredSuggestions(check: SweepCheck, configured: Readonly<Record<string, readonly string[] | undefined>>): void {
  check.suggestions = check.suggestions.filter((suggestion) => {
    const key = /^service:\n {2}fields:\n {4}"([^"]+)"/.exec(suggestion)?.[1];
    const names = key === undefined ? undefined : configured[key];
    if (names === undefined) return true;
    check.will.push(`service.fields["${key}"] is already set to [${names.join(', ')}], and no answer here carries ${names.length === 1 ? 'that name' : 'those names'}: check the spelling against the fields not used`);
    return false;
  });
}

async function attempt(name: string, run: (check: SweepCheck) => Promise<void>): Promise<SweepCheck> {
  const check: SweepCheck = { name, ok: true, saw: [], will: [], problems: [], suggestions: [] };
  try {
    await run(check);
  } catch (error) {
    check.ok = false;
    const message = error instanceof Error ? error.message : String(error);
    check.problems.push(message);
    for (const match of message.matchAll(/service\.fields\["([^"]+)"\]/g)) check.suggestions.push(`service:\n  fields:\n    "${match[1]}": [<the name this service uses>]`);
    if (isPipelineError(error) && error.code === 'API_AUTH_REJECTED') check.suggestions.push('clientId: <your client id>\nclientSecretFile: <file holding the secret>');
    // Page size cannot help here (pages are read past short ones); a total that counts something else can.
    if (/announced .* but .* came/.test(message) && !/service\.fields\["paging\.totalCount"\]/.test(message)) check.suggestions.push('service:\n  fields:\n    "paging.totalCount": [<the field that counts the records>]');
  }
  return check;
}

async function sweepDirectory(client: CatalogClient, name: DirectoryName, check: SweepCheck): Promise<void> {
  const records = await client.fetchDirectory(name);
  const pages = client.observe().pages.filter((page) => page.name === name);
  const first = pages[0];
  check.saw.push(`${records.length} record(s) in ${pages.length} page(s)`);
  if (first !== undefined) {
    check.saw.push(`records ${first.arrayPath === '' ? 'as a bare array' : `under ${first.arrayPath}`}; paging fields: ${[...first.pagingPaths, ...(first.nextLink === undefined ? [] : ['Link header rel="next"'])].join(', ') || 'none'}`);
    const total = first.paging.totalCount;
    // The same signs the pager follows, the Link header first.
    const byLink = first.nextLink !== undefined || typeof first.paging.next === 'string' || typeof first.paging.cursor === 'string';
    check.will.push(
      byLink
        ? 'follow the next link or cursor until a page has none, and refuse one that leads back'
        : total !== undefined
          ? `page by the total (${total}), past short pages, and refuse a short directory`
          : first.paging.totalPages !== undefined
            ? 'page by totalPages'
            : 'page until an empty page, and refuse a full page repeated',
    );
  }
  if (name === 'attributes') {
    const attributes = records as { code: string; unstated?: string[] }[];
    for (const fact of ['type', 'isSkuDefining', 'isMultiple']) {
      const silent = attributes.filter((a) => a.unstated?.includes(fact));
      if (silent.length === 0) continue;
      check.will.push(`${silent.length} attribute(s) do not state ${fact} (e.g. ${silent.slice(0, 3).map((a) => a.code).join(', ')}): ${fact === 'type' ? 'dictionary when the value directory lists values for them, else free text' : fact === 'isSkuDefining' ? 'product-level' : 'one value'}, unless the mapping says otherwise`);
      // A type field whose words are not known wants the words taught, not another field name.
      const unknownTypeWords = fact === 'type' ? client.observe().notes.filter((n) => n.includes(UNKNOWN_TYPE_WORD_NOTE)).map((n) => /type "([^"]*)"/.exec(n)?.[1] ?? '') : [];
      if (unknownTypeWords.length > 0) check.suggestions.push(`service:\n  attributeTypes:\n    dictionary: [${[...new Set(unknownTypeWords)].map((w) => JSON.stringify(w)).join(', ')}]   # or text / number / boolean: whichever each word means`);
      else check.suggestions.push(`service:\n  fields:\n    "attribute.${fact}": [<the name this service uses, if it has one>]`);
      failUnstatedBesideFlags(client, check, fact, silent.length === attributes.length);
    }
  }
}

/**
 * A fact the import needs, stated by no attribute while the records carry boolean fields not
 * understood, is not "understood": one of those fields very likely says it.
 */
function failUnstatedBesideFlags(client: CatalogClient, check: SweepCheck, fact: string, statedByNone: boolean): void {
  const note = client.observe().notes.find((n) => n.includes(UNSTATED_BESIDE_FLAGS_NOTE) && n.includes(`do not state ${fact},`));
  if (note === undefined) return;
  if (!statedByNone) return void check.will.push(note);
  check.ok = false;
  check.problems.push(note);
}

async function sweepLinked(client: CatalogClient, check: SweepCheck): Promise<void> {
  const directories = await client.fetchDirectories();
  const leaves = directories.categories.filter((c) => c.isLeaf).length;
  const linked = directories.attributes.filter((a) => a.categories.length > 0).length;
  check.saw.push(`${leaves} leaf categor${leaves === 1 ? 'y' : 'ies'} of ${directories.categories.length}; ${linked} of ${directories.attributes.length} attributes linked to categories; ${directories.values.length} values tied to their attributes`);
  if (linked === 0 && directories.attributes.length > 0) {
    check.ok = false;
    check.problems.push('no attribute is linked to any category: required attributes cannot be checked');
    check.suggestions.push('service:\n  fields:\n    "attribute.categories": [<the name of the attribute-to-category list>]');
  }
  check.will.push('place products only in leaf categories and check each category\'s required attributes');
}

async function sweepJob(client: CatalogClient, job: { jobId: string; infoUrl: string | null }, check: SweepCheck): Promise<void> {
  const status: JobStatus = await client.getJobStatus(job);
  check.saw.push(`job status ${status.status === undefined || status.status === null ? '(no word)' : `"${status.status}"`} (${status.meaning}); ${status.products.length} per-product result(s)`);
  const unknown = [status, ...status.products].filter((entry) => entry.meaning === 'unknown').map((entry) => entry.status ?? '');
  if (unknown.length > 0) {
    check.ok = false;
    const words = [...new Set(unknown)];
    check.problems.push(`status word(s) not known: ${words.map((w) => `"${w}"`).join(', ')} — a job with them is never taken as finished or successful`);
    check.suggestions.push(`service:\n  statuses:\n    succeeded: [${words.map((w) => `"${w}"`).join(', ')}]   # or pending / failed / partial: whichever it means`);
  }
  check.will.push('take a product as accepted only on a known success word with its ids; anything else stays unknown');
}

function addObservations(client: CatalogClient, check: SweepCheck): void {
  if (check.name !== 'directories linked' && !check.name.startsWith('directory ')) return;
  const name = check.name.replace('directory ', '');
  const observed = client.observe();
  for (const [endpoint, fields] of observed.unused) {
    if (!endpoint.includes(name === 'values' ? 'values' : name)) continue;
    check.saw.push(`${endpoint}: fields not used: ${fields.join(', ')}`);
  }
  for (const note of observed.notes) if (note.includes(name)) {
    // Handled where the records are counted (sweepDirectory), or information only.
    if (note.includes(UNSTATED_BESIDE_FLAGS_NOTE)) continue;
    if (note.includes(READ_BY_NAME_NOTE) || note.includes(PAGES_FROM_ZERO_NOTE)) {
      check.saw.push(note);
      continue;
    }
    check.ok = false;
    check.problems.push(note);
  }
}
