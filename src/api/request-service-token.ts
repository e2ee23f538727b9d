/**
 * The token request of the catalog client: the credentials checked against the service's rules
 * before anything is sent, the answer read by meaning, and a refusal (400/401) named as the
 * credentials' refusal.
 */
import { ApiError, ConfigError } from '../core/errors.js';
import { checkCredentials } from './check-credentials.js';
import type { ClientCredentials } from './check-credentials.js';
import { readTokenAnswer, type TokenAnswer } from './read-service-answers.js';
import type { SendRequest } from './send-request.js';
import type { WireReadContext } from './wire-read-context.js';

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
