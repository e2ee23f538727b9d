/**
 * Whether a photo cell's piece is a link the service can fetch: an absolute http(s) URL with a
 * host. `new URL` is the judge; a plain link (a dotted host name, no port, printable ASCII path) is
 * accepted without it, because parsing a URL object for each of a million photo links costs more
 * than the rest of the photo checks together.
 */

// A host of letters, digits and hyphens in dotted labels, ending in a label that starts with a
// letter (so it is never read as an IPv4 address), and no punycode (which `new URL` validates).
const PLAIN_LINK = /^(https?):\/\/(?!(?:[^/?#]*\.)?xn--)(?:[a-z0-9-]+\.)+[a-z][a-z0-9-]*(?:[/?#][\x21-\x7e]*)?$/i;

/** True when `text` is an absolute URL with a host and an https (or, unless `requireHttps`, http) scheme. */
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
