/** Photos: URLs from one or more columns (split by the mapping's separator and whitespace), checked, de-duplicated, counted against `validation.photos`. */
import type { ImportPhoto } from '../../domain/index.js';
import { getPhotoSeparator, listPhotoColumns } from '../../mapping/list-mapped-columns.js';
import type { CellLocation } from '../mapped-row.js';
import type { ResolvedColumn, RuleFactory } from './field-rule.js';

/** Rule of `columns.photos`; none when no photo column is mapped. */
export const compilePhotosRule: RuleFactory = ({ mapping, photoColumns }) => {
  const mapped = listPhotoColumns(mapping).length;
  if (mapped === 0) return undefined;
  const separator = getPhotoSeparator(mapping);
  const columnMissing = photoColumns.length < mapped;
  const { min, max, requireHttps } = mapping.validation.photos;
  const scheme = requireHttps ? 'https' : 'http(s)';
  // Rows of one product often repeat a photo cell (sizes of one colour): per column, the last cell
  // that was one valid link and nothing else is remembered, so its repeat skips the split and the
  // check (pure functions of the text) and shares the first row's string.
  const lastPlainLinks: string[] = photoColumns.map(() => '');
  return {
    name: 'photos',
    apply(ctx) {
      const record = ctx.record;
      if (record === null) return;
      const photos: ImportPhoto[] = [];
      let firstLocation: CellLocation | undefined;
      let invalidUrls = 0;
      for (let c = 0; c < photoColumns.length; c++) {
        const column = photoColumns[c] as ResolvedColumn;
        const text = ctx.readText(column);
        if (text === null || text === undefined) continue;
        firstLocation ??= column.location;
        const lastPlainLink = lastPlainLinks[c] as string;
        if (text === lastPlainLink) {
          if (hasPhoto(photos, lastPlainLink)) ctx.report('duplicate_photo', 'warning', column.location, {}, lastPlainLink);
          else photos.push({ mediaFile: lastPlainLink, order: photos.length + 1 });
          continue;
        }
        for (const url of splitPhotoCell(text, separator)) {
          if (!checkPhotoUrl(url, requireHttps)) {
            ctx.report('invalid_photo_url', 'error', column.location, { scheme }, url);
            invalidUrls++;
            continue;
          }
          // A piece that is the whole cell: the cell is one valid link.
          if (url === text) lastPlainLinks[c] = text;
          if (hasPhoto(photos, url)) {
            ctx.report('duplicate_photo', 'warning', column.location, {}, url);
            continue;
          }
          photos.push({ mediaFile: url, order: photos.length + 1 });
        }
      }
      const location = firstLocation ?? photoColumns[0]?.location;
      if (photos.length < min && columnMissing) {
        // The missing photo column was reported once; the row is just not sendable.
        ctx.valid = false;
      } else if (photos.length < min && invalidUrls === 0) {
        ctx.report('too_few_photos', 'error', location, { count: photos.length, min });
      } else if (photos.length > max) {
        ctx.report('too_many_photos', 'error', location, { count: photos.length, max });
      }
      record.sku.photos = photos;
    },
  };
};

const WHITESPACE = /\s/;
const WHITESPACE_RUN = /\s+/;

function hasPhoto(photos: readonly ImportPhoto[], url: string): boolean {
  for (const photo of photos) if (sameLink(photo.mediaFile, url)) return true;
  return false;
}

/**
 * Equal links. The links of one SKU usually differ only near the end (`…/red-1.jpg`, `…/red-2.jpg`):
 * compared from the end, two of them part after a few characters instead of after the whole
 * shared prefix.
 */
function sameLink(a: string, b: string): boolean {
  if (a === b) return true;
  const length = a.length;
  if (length !== b.length) return false;
  for (let i = length - 1; i >= 0; i--) if (a.charCodeAt(i) !== b.charCodeAt(i)) return false;
  return true;
}

function splitPhotoCell(text: string, separator: string | undefined): string[] {
  // One link and nothing else is the usual cell: no splitting, no regular expression.
  if ((separator === undefined || !text.includes(separator)) && !WHITESPACE.test(text)) return text === '' ? [] : [text];
  const pieces = separator === undefined ? [text] : text.split(separator);
  return pieces.flatMap((piece) => piece.split(WHITESPACE_RUN)).filter((piece) => piece !== '');
}

// A host of letters, digits and hyphens in dotted labels, ending in a label that starts with a
// letter (so it is never read as an IPv4 address), and no punycode (which `new URL` validates).
const PLAIN_LINK = /^(https?):\/\/(?!(?:[^/?#]*\.)?xn--)(?:[a-z0-9-]+\.)+[a-z][a-z0-9-]*(?:[/?#][\x21-\x7e]*)?$/i;

/**
 * True when `text` is an absolute URL with a host and an https (or, unless `requireHttps`, http)
 * scheme. `new URL` is the judge; a plain link is accepted without it, because parsing a URL object
 * for each of a million photo links costs more than the rest of the photo checks together.
 */
export function checkPhotoUrl(text: string, requireHttps: boolean): boolean {
  // `test`, not `exec`: a match array for each of a million links was a tenth of what the
  // validating thread allocated. The scheme matched is `http` or `https`: an `s` after `http` says which.
  if (PLAIN_LINK.test(text)) return !requireHttps || (text.charCodeAt(4) | 0x20) === 0x73;
  try {
    const url = new URL(text);
    return url.hostname !== '' && (url.protocol === 'https:' || (!requireHttps && url.protocol === 'http:'));
  } catch {
    return false;
  }
}
