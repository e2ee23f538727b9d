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
    return redactCredentialShapes(out);
  };
}

/**
 * Values of fields named like credentials (`"accessToken": "…"`, `client_secret=…`, also cut
 * short without their closing quote) and `Bearer …` words. They cover a credential the known list
 * cannot hold yet: a token in an answer that was cut short, so never parsed, or one issued to
 * another client.
 */
const CREDENTIAL_NAMES = 'access[_-]?token|refresh[_-]?token|id[_-]?token|token|client[_-]?secret|secret|password|api[_-]?key|authorization';
const CREDENTIAL_SHAPES: readonly { pattern: RegExp; replacement: string }[] = [
  // JSON: `"accessToken": "…"` (also cut short, without its closing quote).
  { pattern: new RegExp(`(["'](?:${CREDENTIAL_NAMES})["']\\s*:\\s*["']?)(?!\\*\\*\\*|Bearer\\b)[^"'\\s,;&}]+`, 'gi'), replacement: '$1***' },
  // Forms and query strings: `client_secret=…`.
  { pattern: new RegExp(`(\\b(?:${CREDENTIAL_NAMES})=)(?!\\*\\*\\*)[^"'\\s,;&}]+`, 'gi'), replacement: '$1***' },
  { pattern: /\b(Bearer\s+)(?!\*\*\*)[A-Za-z0-9._~+/=-]+/gi, replacement: '$1***' },
];

/** Hides the values of credential-shaped fields and bearer tokens in a text. */
function redactCredentialShapes(text: string): string {
  let out = text;
  for (const { pattern, replacement } of CREDENTIAL_SHAPES) out = out.replace(pattern, replacement);
  return out;
}
