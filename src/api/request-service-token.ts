/**
 * The token request of the catalog client: the credentials checked against the token endpoint's
 * documented rules before anything is sent (a `clientId` of at least 1 character, a `clientSecret`
 * of at least 8 characters containing a digit; issues name the rule, never the secret), the answer
 * read by meaning, and a refusal (400/401) named as the credentials' refusal.
 */
import { ApiError, ConfigError } from '../core/errors.js';
import { createIssue } from '../core/issue.js';
import type { Issue, IssueData } from '../core/issue.js';
import { readTokenAnswer, type TokenAnswer } from './read-service-answers.js';
import type { SendRequest } from './send-request.js';
import type { WireReadContext } from './wire-read-context.js';

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

/** Asks the service at `url` for a token; `onIssued` is told of it (so that the redactor hides it from then on). */
export async function requestServiceToken(ctx: {
  credentials: ClientCredentials;
  send: SendRequest;
  url: URL;
  endpoint: string;
  readContext: (endpoint: string) => WireReadContext;
  onIssued: (token: string) => void;
}): Promise<TokenAnswer> {
  const { credentials, endpoint } = ctx;
  const issues = checkCredentials(credentials);
  if (issues.length > 0) {
    throw new ConfigError(`the API credentials break the service's rules: ${issues.map((issue) => issue.message).join('; ')}`, issues);
  }
  try {
    const { body } = await ctx.send({ method: 'POST', url: ctx.url.href, endpoint, json: { clientId: credentials.clientId, clientSecret: credentials.clientSecret }, idempotent: true });
    const token: TokenAnswer = { ...readTokenAnswer(body, ctx.readContext(endpoint)) };
    ctx.onIssued(token.accessToken);
    return token;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 401)) {
      throw new ApiError('API_AUTH_REJECTED', endpoint, `the service refused the credentials of client "${credentials.clientId}": ${error.message}`, {
        status: error.status,
        errorCode: error.errorCode,
        fieldErrors: error.fieldErrors,
      });
    }
    throw error;
  }
}
