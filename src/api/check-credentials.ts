/**
 * The token endpoint's documented rules for credentials, checked before anything is sent: a
 * `clientId` of at least 1 character, a `clientSecret` of at least 8 characters containing a
 * digit. Issues name the rule, never the secret.
 */
import { createIssue } from '../core/issue.js';
import type { Issue, IssueData } from '../core/issue.js';

/** Client credentials of the seller's API key. */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** Issue codes of `checkCredentials`. */
export const CREDENTIAL_ISSUE_CODES = {
  clientIdEmpty: 'client_id_empty',
  clientSecretTooShort: 'client_secret_too_short',
  clientSecretNoDigit: 'client_secret_no_digit',
} as const;

/** The rules, in the order their issues are listed: each says the issue's data when the credentials break it. */
const CREDENTIAL_RULES: readonly { code: string; path: string; broken(credentials: ClientCredentials, secret: string): IssueData | undefined }[] = [
  { code: CREDENTIAL_ISSUE_CODES.clientIdEmpty, path: 'credentials.clientId', broken: ({ clientId }) => (typeof clientId !== 'string' || clientId.length < 1 ? {} : undefined) },
  { code: CREDENTIAL_ISSUE_CODES.clientSecretTooShort, path: 'credentials.clientSecret', broken: (_, secret) => (secret.length < 8 ? { length: secret.length } : undefined) },
  { code: CREDENTIAL_ISSUE_CODES.clientSecretNoDigit, path: 'credentials.clientSecret', broken: (_, secret) => (/[0-9]/.test(secret) ? undefined : {}) },
];

/** Checks the credentials against the token endpoint's rules; returns one issue per broken rule. */
export function checkCredentials(credentials: ClientCredentials): Issue[] {
  const secret = typeof credentials.clientSecret === 'string' ? credentials.clientSecret : '';
  return CREDENTIAL_RULES.flatMap(({ code, path, broken }) => {
    const data = broken(credentials, secret);
    return data === undefined ? [] : [createIssue({ stage: 'settings', code, severity: 'error', path, data })];
  });
}
