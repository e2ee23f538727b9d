/**
 * The seller account the CLI uses against the embedded sandbox. Its state is kept apart from any
 * live account by its base URL, `sandbox:<state dir>` (the sandbox's port changes every run).
 */

/** Client id of the embedded sandbox's first seller. */
export const SANDBOX_CLIENT_ID = 'sandbox-seller';
