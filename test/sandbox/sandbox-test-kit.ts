/**
 * Helpers for the sandbox tests: raw HTTP calls with `fetch`, a token helper, a fake clock and
 * product builders that satisfy the default reference data.
 */
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import type { SandboxHandle } from '../../src/sandbox/start-sandbox.js';

/** Response JSON as tests read it: any path, checked by the assertions themselves. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests walk arbitrary response paths; the assertions are the check
export type Loose = any;

/** A parsed response. */
export interface CallResult {
  status: number;
  headers: Headers;
  body: Loose;
}

/** Sends one request; `body` is JSON-encoded unless it is a string. */
export async function call(
  sandbox: SandboxHandle,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; query?: Record<string, string | number> } = {},
): Promise<CallResult> {
  const url = new URL(path, sandbox.url);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token !== undefined) headers['authorization'] = `Bearer ${options.token}`;
  const init: RequestInit = { method, headers };
  if (options.body !== undefined) init.body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text === '' ? undefined : JSON.parse(text) };
}

/** A token for a seller (default: the first). */
export async function getToken(sandbox: SandboxHandle, seller = 0): Promise<string> {
  const credential = sandbox.credentials[seller];
  if (!credential) throw new Error(`no seller ${seller}`);
  const res = await call(sandbox, 'POST', DEFAULT_PATHS.token, {
    body: { clientId: credential.clientId, clientSecret: credential.clientSecret },
  });
  if (res.status !== 200) throw new Error(`token: ${res.status}`);
  return res.body.accessToken as string;
}

/** A clock the test moves by hand. */
export function createFakeClock(start = '2025-03-01T09:00:00.000Z'): { now: () => Date; advance: (ms: number) => void } {
  let t = Date.parse(start);
  return { now: () => new Date(t), advance: (ms) => (t += ms) };
}

let barcodeCounter = 4_600_000_000_000;

/** A fresh, unique EAN-13-looking barcode. */
export function nextBarcode(): string {
  barcodeCounter += 1;
  return String(barcodeCounter);
}

/** A valid product for category 10108 (cables: no required attributes), shop 1001. */
export function makeCable(overrides: Record<string, unknown> = {}): Record<string, Loose> {
  return {
    shopId: 1001,
    productId: null,
    categoryId: 10108,
    brandId: 1059,
    isLocalMade: false,
    name: { rus: 'Кабель USB-C 1 м', kaz: 'USB-C кабелі 1 м' },
    description: { rus: '<p>Быстрая зарядка</p>', kaz: '' },
    vat: 12,
    attributes: [{ code: 'country_of_origin', valueCodes: ['country_cn'] }],
    skus: [{ skuId: null, attributeValueCodes: [], price: 2490, barcode: nextBarcode(), photos: [{ mediaFile: 'https://cdn.example.kz/cable.jpg', order: 0 }] }],
    ...overrides,
  };
}

/** A valid T-shirt (category 30104, women's T-shirts: colour, size and gender required) with two SKUs. */
export function makeTshirt(overrides: Record<string, unknown> = {}): Record<string, Loose> {
  return {
    shopId: 1001,
    productId: null,
    categoryId: 30104,
    brandId: 1074,
    isLocalMade: true,
    name: { rus: 'Футболка базовая', kaz: 'Негізгі футболка' },
    description: { rus: 'Хлопок 100%', kaz: 'Мақта 100%' },
    vat: 12,
    attributes: [
      { code: 'gender', valueCodes: ['gender_women'] },
      { code: 'material', valueCodes: ['material_cotton', 'material_elastane'] },
    ],
    skus: [
      { skuId: null, attributeValueCodes: ['color_black', 'size_m'], price: 5990, barcode: nextBarcode(), photos: [] },
      { skuId: null, attributeValueCodes: ['color_white', 'size_m'], price: 5990, barcode: nextBarcode(), photos: [] },
    ],
    ...overrides,
  };
}

/** Imports products, settles the job and returns the job status body. */
export async function importAndSettle(sandbox: SandboxHandle, token: string, products: unknown[]): Promise<Loose> {
  const res = await call(sandbox, 'POST', DEFAULT_PATHS.import, { token, body: { products } });
  if (res.status !== 202) throw new Error(`import: ${res.status} ${JSON.stringify(res.body)}`);
  await sandbox.settleJobs();
  const info = await call(sandbox, 'GET', DEFAULT_PATHS.importInfo, { token, query: { jobId: res.body.jobId } });
  return info.body;
}
