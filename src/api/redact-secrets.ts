/**
 * Secret scrubbing. Error bodies and messages can echo what was sent (a validation error quoting
 * the client secret, a proxy page quoting the Authorization header), so every text the client
 * puts into an error passes through a redactor first.
 */

/** Replaces every secret in a text by `***`. */
export type Redactor = (text: string) => string;

/**
 * Creates a redactor for the secrets returned by `listSecrets` (read at each call, so an access
 * token obtained later is covered too). Empty and very short values are ignored: replacing
 * every "a" in a message would hide more than it protects.
 */
export function createRedactor(listSecrets: () => readonly (string | undefined)[]): Redactor {
  return (text) => {
    let out = text;
    for (const secret of listSecrets()) {
      if (secret === undefined || secret.length < 4) continue;
      out = out.split(secret).join('***');
    }
    return out;
  };
}
