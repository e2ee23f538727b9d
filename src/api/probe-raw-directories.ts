/**
 * The first page of each directory exactly as the service answers it (read-only GETs with the
 * client's token), for `doctor --write-profile` to infer the profile from the data before any
 * name is assumed.
 */
import type { Deps } from '../core/deps.js';
import type { DirectoryName, PathName } from '../domain/index.js';
import { parseJsonLossless } from './parse-json-lossless.js';
import { readNextLinkHeader } from './load-directory.js';
import type { RawDirectoryAnswer } from './infer-service-profile.js';

const DIRECTORIES: readonly DirectoryName[] = ['categories', 'attributes', 'values', 'brands'];

/** What the probe needs. */
export interface RawProbeOptions {
  baseUrl: string;
  paths: Record<PathName, string>;
  getToken: () => Promise<string>;
  pageSize: number;
}

/** The four first pages; a directory that does not answer 200 with JSON is left out (the sweep reports it). */
export async function probeRawDirectories(options: RawProbeOptions, deps: Pick<Deps, 'fetch'>): Promise<RawDirectoryAnswer[]> {
  const token = await options.getToken();
  const out: RawDirectoryAnswer[] = [];
  for (const name of DIRECTORIES) {
    const url = new URL(options.paths[name], options.baseUrl);
    url.searchParams.set('pageNumber', '1');
    url.searchParams.set('pageSize', String(options.pageSize));
    const response = await deps.fetch(url.href, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    const text = await response.text();
    if (!response.ok) continue;
    let body: unknown;
    try {
      body = parseJsonLossless(text);
    } catch {
      continue;
    }
    out.push({ name, body, asked: options.pageSize, nextLink: readNextLinkHeader(response.headers.get('link')) });
  }
  return out;
}
