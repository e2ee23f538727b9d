/**
 * The account key that keeps state apart per service and seller: ids learnt from the sandbox are
 * never used against the live service, nor one seller's for another.
 */
import { createHash } from 'node:crypto';
import type { StateAccount } from './types.js';

/**
 * Normalises a base URL so that spellings of one service give one key: scheme and host lower-case,
 * default port, credentials, query and fragment dropped, trailing slashes removed.
 * `HTTPS://Seller-API.teez.kz:443/` → `https://seller-api.teez.kz`.
 */
export function normalizeBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    // Not a URL: settings validation reports it; the key still has to be stable.
    return trimmed.replace(/\/+$/, '').toLowerCase();
  }
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

/** `sha256(normalizeBaseUrl(baseUrl) + '\n' + clientId)` as hex. */
export function buildAccountKey(account: StateAccount): string {
  return createHash('sha256').update(`${normalizeBaseUrl(account.baseUrl)}\n${account.clientId}`).digest('hex');
}
