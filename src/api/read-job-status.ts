/**
 * Reads a job-status answer by meaning: job-level status, per-product results (wherever the list
 * is, keys in any case), their status words, SKU ids and errors. Status words are classified with
 * the service profile's vocabulary. An answer with no per-product results is a shape error at
 * once, unless its job-level word says the job is still pending, or is a word not known (it may be
 * the service's own "pending": polled on, and named with `service.statuses` at the time-out); a
 * time-out would only hide that the client cannot read a known finished job.
 */
import type { JobError, JobProductResult, JobSkuResult, JobStatus, StatusClassifier } from '../domain/index.js';
import { SchemaMismatchError } from '../core/errors.js';
import { describeValue, findRecordList } from './find-record-list.js';
import { createRecordReader, readCount, readIntegerId, readJobIdText, unwrapRecord } from './record-reader.js';
import type { RecordReader } from './record-reader.js';
import { isNameOfClass } from './wire-aliases.js';
import type { WireReadContext } from './wire-read-context.js';
import { noteUnusedFields } from './wire-read-context.js';
import { isPlainRecord } from '../core/is-plain-record.js';

/** Reads one job-status answer. */
export function readJobStatus(answer: unknown, context: WireReadContext, classify: StatusClassifier): JobStatus {
  const a = context.aliases;
  if (Array.isArray(answer)) {
    return { meaning: 'absent', products: answer.map((item, index) => readProductResult(item, index, context, classify)) };
  }
  if (!isPlainRecord(answer)) throw new SchemaMismatchError(context.endpoint, [{ path: '', message: `expected a job status object, got ${describeValue(answer)}` }]);
  // `{success: true, data: {...}}`: read inside the envelope when the answer has no job field of its own.
  const body = unwrapRecord(answer, [...a['job.status'], ...a['job.products'], ...a['job.jobId']]).record;
  const reader = createRecordReader(body);
  const word = readWord(reader.get(a['job.status']));
  const meaning = classify(word);
  const list = findProductList(body, reader, context);
  // A word not known may be the service's own "still running": the job stays polled (and ends
  // unknown at the time-out, naming service.statuses), never unreadable after one poll.
  if (list === undefined && meaning === 'unknown') {
    const endpoint = context.ledgerEndpoint ?? context.endpoint;
    context.ledger.noteOnce(`unknown job word ${endpoint} ${word ?? ''}`, `${endpoint}: job status "${word ?? ''}" is no known status word and the answer has no per-product results yet: the job is polled until it has them or times out; if the word means the job is still running, add it under service.statuses.pending in the settings (or succeeded/failed/partial) — see docs/service-profile.md`);
  }
  if (list === undefined && meaning !== 'pending' && meaning !== 'unknown') {
    throw new SchemaMismatchError(context.endpoint, [
      {
        path: '',
        message: `no per-product results in the job status (looked for ${a['job.products'].join(', ')}, also one level down; the answer has ${reader.keys().join(', ') || 'no fields'}; job status ${word === undefined ? 'not given' : `"${word}"`}). Map the name under service.fields["job.products"] in the settings — see docs/service-profile.md`,
      },
    ]);
  }
  reader.markUsed([...a['job.queuedAt'], ...a['job.finishedAt']]);
  const jobId = readJobIdText(reader.get(a['job.jobId']));
  const queuedAt = reader.get(a['job.queuedAt']);
  const finishedAt = reader.get(a['job.finishedAt']);
  const counts = readJobCounts(reader, context);
  noteUnusedFields(context, reader.unusedKeys());
  const products = (list ?? []).map((item, index) => readProductResult(item, index, context, classify));
  if (list !== undefined && meaning !== 'pending') checkJobCounts(counts, products, jobId, context);
  return {
    ...(jobId === undefined ? {} : { jobId }),
    ...(word === undefined ? {} : { status: word }),
    meaning,
    ...(typeof queuedAt === 'string' ? { queuedAt } : {}),
    ...(typeof finishedAt === 'string' ? { finishedAt } : {}),
    ...(counts === undefined ? {} : { counts }),
    products,
  };
}

function readJobCounts(reader: RecordReader, context: WireReadContext): JobStatus['counts'] {
  const a = context.aliases;
  const received = readCount(reader.get(a['job.receivedItems']));
  const succeeded = readCount(reader.get(a['job.successCount']));
  const failed = readCount(reader.get(a['job.failedCount']));
  if (received === undefined && succeeded === undefined && failed === undefined) return undefined;
  return { ...(received === undefined ? {} : { received }), ...(succeeded === undefined ? {} : { succeeded }), ...(failed === undefined ? {} : { failed }) };
}

/**
 * The job's own counts are a second account of its per-product results: where they disagree, one
 * of the two was not read as the service meant it, and the seller is told (the per-product verdicts
 * still decide each product's outcome).
 */
function checkJobCounts(counts: JobStatus['counts'], products: readonly JobProductResult[], jobId: string | undefined, context: WireReadContext): void {
  if (counts === undefined) return;
  const endpoint = context.ledgerEndpoint ?? context.endpoint;
  const job = jobId === undefined ? 'a job' : `job ${jobId}`;
  const said = (what: string, count: number, seen: number): void =>
    context.ledger.noteOnce(`job counts ${endpoint} ${jobId ?? ''} ${what}`, `${endpoint}: ${job} counts ${count} product(s) ${what}, its per-product results show ${seen}: the outcomes follow the per-product results; if they read the service wrong, see docs/service-profile.md (service.statuses, service.fields)`);
  if (counts.received !== undefined && counts.received !== products.length) said('received', counts.received, products.length);
  const succeeded = products.filter((p) => p.meaning === 'succeeded').length;
  if (counts.succeeded !== undefined && counts.succeeded !== succeeded) said('succeeded', counts.succeeded, succeeded);
  const failed = products.filter((p) => p.meaning === 'failed').length;
  if (counts.failed !== undefined && counts.failed !== failed) said('failed', counts.failed, failed);
}

function findProductList(body: Record<string, unknown>, reader: RecordReader, context: WireReadContext): unknown[] | undefined {
  const direct = reader.find(context.aliases['job.products']);
  if (direct !== undefined && Array.isArray(direct.value)) return direct.value;
  const found = findRecordList(body, context.aliases['job.products'], context.aliases);
  return found.ok && found.arrayPath !== '' ? found.items : undefined;
}

function readWord(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (isPlainRecord(value)) {
    // `{status: {code: "Done", name: "…"}}`
    const inner = createRecordReader(value).get(['code', 'name', 'value', 'status']);
    return typeof inner === 'string' ? inner : undefined;
  }
  return undefined;
}

function readProductResult(item: unknown, index: number, context: WireReadContext, classify: StatusClassifier): JobProductResult {
  if (!isPlainRecord(item)) throw new SchemaMismatchError(context.endpoint, [{ path: `products[${index}]`, message: `expected an object, got ${describeValue(item)}` }]);
  const a = context.aliases;
  const reader = createRecordReader(item);
  const stated = readWord(reader.get(a['jobProduct.status']));
  const position = readIntegerId(reader.get(a['jobProduct.index']));
  const productId = readIntegerId(reader.get(a['jobProduct.productId']));
  const skus = reader.get(a['jobProduct.skus']);
  const errors = readErrors(reader.get(a['jobProduct.errors']), context);
  // Looked for only among the fields left once every known one is read: an index or an id is never a verdict.
  const word = stated ?? findStatusLikeWord(reader, item, context, index);
  noteUnusedFields(context, reader.unusedKeys(), 'products[]');
  return {
    ...(position === undefined ? {} : { index: position }),
    ...(productId === undefined ? {} : { productId }),
    ...(word === undefined ? {} : { status: word }),
    meaning: classify(word),
    ...(Array.isArray(skus) ? { skus: skus.filter(isPlainRecord).map((sku) => readSkuResult(sku, context)) } : {}),
    ...(errors.length > 0 ? { errors } : {}),
  };
}

/** Words in a field name that make it a status, whatever the rest of the name. */
const STATUS_NAME_WORDS = ['status', 'state', 'result', 'outcome', 'disposition', 'verdict', 'resolution', 'decision'];

/**
 * A product result without a status under any alias may still carry its verdict under a name of
 * its own (`disposition`): a text field named like a status is read as the status, so a word not
 * in the vocabulary makes the product's meaning `unknown`, never a success taken from the job
 * alone; a known word under any other name is not a verdict. Said in the ledger.
 */
function findStatusLikeWord(reader: RecordReader, item: Record<string, unknown>, context: WireReadContext, index: number): string | undefined {
  // Only a text under a status-like name: a known word elsewhere (`operation: "Updated"`) is no verdict.
  const named = reader.unusedKeys().find((key) => typeof item[key] === 'string' && isNameOfClass(key, STATUS_NAME_WORDS));
  if (named === undefined) return undefined;
  reader.markUsed([named]);
  const word = readWord(item[named]);
  const endpoint = context.ledgerEndpoint ?? context.endpoint;
  context.ledger.noteOnce(`status-like ${endpoint} ${named}`, `${endpoint}: products[${index}].${named} ("${word ?? ''}") read as the per-product status (no field of service.fields["jobProduct.status"] was there); a word not in service.statuses makes the product's outcome unknown`);
  return word;
}

function readSkuResult(item: Record<string, unknown>, context: WireReadContext): JobSkuResult {
  const a = context.aliases;
  const reader = createRecordReader(item);
  const index = readIntegerId(reader.get(a['jobSku.index']));
  const skuId = readIntegerId(reader.get(a['jobSku.skuId']));
  const barcode = reader.get(a['jobSku.barcode']);
  noteUnusedFields(context, reader.unusedKeys(), 'products[].skus[]');
  return {
    ...(index === undefined ? {} : { index }),
    ...(skuId === undefined ? {} : { skuId }),
    ...(typeof barcode === 'string' ? { barcode } : typeof barcode === 'number' ? { barcode: String(barcode) } : {}),
  };
}

/** Errors as a list of objects or strings, or as `{field: [messages]}`. */
function readErrors(value: unknown, context: WireReadContext): JobError[] {
  const a = context.aliases;
  if (Array.isArray(value)) {
    return value.flatMap((entry): JobError[] => {
      if (typeof entry === 'string') return [{ description: entry }];
      if (!isPlainRecord(entry)) return [];
      const reader = createRecordReader(entry);
      const field = reader.get(a['jobError.field']);
      const code = reader.get(a['jobError.code']);
      const description = reader.get(a['jobError.description']);
      return [{
        ...(typeof field === 'string' ? { field } : {}),
        ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
        ...(typeof description === 'string' ? { description } : {}),
      }];
    });
  }
  if (isPlainRecord(value)) {
    return Object.entries(value).flatMap(([field, messages]) =>
      (Array.isArray(messages) ? messages : [messages]).flatMap((message): JobError[] => {
        if (typeof message === 'string') return [{ field, description: message }];
        if (!isPlainRecord(message)) return [];
        const reader = createRecordReader(message);
        const code = reader.get(a['jobError.code']);
        const description = reader.get(a['jobError.description']);
        return [{ field, ...(typeof code === 'string' ? { code } : {}), ...(typeof description === 'string' ? { description } : {}) }];
      }),
    );
  }
  if (typeof value === 'string' && value !== '') return [{ description: value }];
  return [];
}
