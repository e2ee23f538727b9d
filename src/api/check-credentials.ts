/**
 * The token endpoint's documented rules for credentials, checked before anything is sent: a
 * `clientId` of at least 1 character, a `clientSecret` of at least 8 characters containing a
 * digit. Issues name the rule, never the secret.
 */
import { createIssue } from '../core/issue.js';
import type { Issue } from '../core/issue.js';

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

/** Checks the credentials against the token endpoint's rules; returns one issue per broken rule. */
export function checkCredentials(credentials: ClientCredentials): Issue[] {
  const issues: Issue[] = [];
  if (typeof credentials.clientId !== 'string' || credentials.clientId.length < 1) {
    issues.push(
      createIssue({
        stage: 'settings',
        code: CREDENTIAL_ISSUE_CODES.clientIdEmpty,
        severity: 'error',
        path: 'credentials.clientId',
        data: {},
      }),
    );
  }
  const secret = typeof credentials.clientSecret === 'string' ? credentials.clientSecret : '';
  if (secret.length < 8) {
    issues.push(
      createIssue({
        stage: 'settings',
        code: CREDENTIAL_ISSUE_CODES.clientSecretTooShort,
        severity: 'error',
        path: 'credentials.clientSecret',
        data: { length: secret.length },
      }),
    );
  }
  if (!/[0-9]/.test(secret)) {
    issues.push(
      createIssue({
        stage: 'settings',
        code: CREDENTIAL_ISSUE_CODES.clientSecretNoDigit,
        severity: 'error',
        path: 'credentials.clientSecret',
        data: {},
      }),
    );
  }
  return issues;
}
