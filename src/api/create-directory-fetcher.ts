/**
 * The catalog client's directory reads: one directory alone, all pages (what needs the others —
 * values tied by id, links per category — stays as read), or the four together, linked.
 */
import type { Attribute, AttributeValue, Brand, Category, Directories, DirectoryName } from '../domain/index.js';
import { linkDirectories, settleCategories } from './link-directories.js';
import type { RawDirectories } from './link-directories.js';
import { loadDirectory } from './load-directory.js';
import type { DirectoryRequestContext } from './load-directory.js';
import type { RawRecordMap } from './read-directory-records.js';

/** A directory's request context but its URL, endpoint and page size, which depend on its name. */
export type DirectoryFetchContext = Omit<DirectoryRequestContext, 'url' | 'endpoint' | 'pageSize'> & {
  /** The directory's URL. */
  urlOf: (name: DirectoryName) => URL;
  /** `GET path` of a URL, for messages. */
  endpointOf: (url: URL) => string;
  pageSizeOf: (name: DirectoryName) => number;
  /** Flushes what the wire readers noted (once per directory read). */
  flush: () => void;
  now: () => Date;
};

/** The directory reads of one client. */
export interface DirectoryFetcher {
  fetchOne(name: DirectoryName): Promise<Category[] | Attribute[] | AttributeValue[] | Brand[]>;
  fetchAll(): Promise<Directories>;
}

/** Creates the directory reads over `ctx`. */
export function createDirectoryFetcher(ctx: DirectoryFetchContext): DirectoryFetcher {
  const { urlOf, endpointOf, pageSizeOf, flush, now, ...request } = ctx;
  const loadNamed = async <N extends DirectoryName>(name: N): Promise<RawRecordMap[N][]> => {
    const url = urlOf(name);
    const records = await loadDirectory(name, { ...request, url: url.href, endpoint: endpointOf(url), pageSize: pageSizeOf(name) });
    flush();
    return records;
  };
  return {
    async fetchOne(name) {
      if (name === 'categories') return settleCategories(await loadNamed('categories'));
      if (name === 'attributes') return (await loadNamed('attributes')).map((entry) => entry.attribute);
      if (name === 'values') return loadNamed('values');
      return loadNamed('brands');
    },
    async fetchAll() {
      const [categories, attributes, values, brands] = await Promise.all([loadNamed('categories'), loadNamed('attributes'), loadNamed('values'), loadNamed('brands')]);
      const raw: RawDirectories = { categories, attributes, values, brands, fetchedAt: now().toISOString() };
      return linkDirectories(raw, { categories: endpointOf(urlOf('categories')), attributes: endpointOf(urlOf('attributes')), values: endpointOf(urlOf('values')) });
    },
  };
}
