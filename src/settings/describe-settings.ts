/**
 * The settings as a report may show them: the secret replaced by whether it is set. Apart from the
 * schema, so that writing a report loads no zod.
 */
import type { ResolvedSettings } from './resolve-settings.js';

/** The settings as they may be shown or stored: secrets removed, with their sources. */
export function describeSettings(resolved: ResolvedSettings): Record<string, unknown> {
  const { clientSecret: _secret, ...rest } = resolved.settings;
  return { ...rest, clientSecret: resolved.settings.clientSecret ? '(set)' : '(not set)', sources: resolved.sources, ...(resolved.file ? { file: resolved.file } : {}) };
}
