/**
 * The inferred profile as a settings file (`--config`): a `service:` section, each inferred line
 * with the data that showed it as a comment, and what the data could not settle listed as
 * comments below. No address and no credentials are ever written.
 */
import type { InferredProfile, InferredSetting } from './infer-service-profile.js';

/** The `service` section the inferred settings make (names of one meaning merged, in order). */
export function buildInferredServiceSection(profile: InferredProfile): { fields: Record<string, string[]>; pageSizes: Record<string, number> } {
  const fields: Record<string, string[]> = {};
  const pageSizes: Record<string, number> = {};
  for (const setting of profile.settings) {
    if (typeof setting.value === 'number') pageSizes[setting.key.replace('pageSizes.', '')] = setting.value;
    else fields[setting.key] = [...new Set([...(fields[setting.key] ?? []), ...setting.value])];
  }
  return { fields, pageSizes };
}

const quote = (name: string): string => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : JSON.stringify(name));

/** The settings file text. */
export function renderServiceProfile(profile: InferredProfile, header: readonly string[]): string {
  const lines = header.map((line) => `# ${line}`);
  const byKey = new Map<string, InferredSetting[]>();
  for (const setting of profile.settings) byKey.set(setting.key, [...(byKey.get(setting.key) ?? []), setting]);
  const section = buildInferredServiceSection(profile);
  // One reason said for several directories once: "categories, attributes: the largest list …".
  const why = (key: string): string => {
    const byReason = new Map<string, string[]>();
    for (const { because } of byKey.get(key) ?? []) {
      const at = because.indexOf(': ');
      const [where, reason] = at < 0 ? ['', because] : [because.slice(0, at), because.slice(at + 2)];
      byReason.set(reason, [...(byReason.get(reason) ?? []), where]);
    }
    return [...byReason].map(([reason, wheres]) => `${wheres.filter((w) => w !== '').join(', ')}${wheres.some((w) => w !== '') ? ': ' : ''}${reason}`).join('; ');
  };
  lines.push('service:');
  if (Object.keys(section.fields).length > 0) {
    lines.push('  fields:');
    for (const [key, names] of Object.entries(section.fields)) lines.push(`    ${JSON.stringify(key)}: [${names.map(quote).join(', ')}]   # ${why(key)}`);
  }
  if (Object.keys(section.pageSizes).length > 0) {
    lines.push('  pageSizes:');
    for (const [name, size] of Object.entries(section.pageSizes)) lines.push(`    ${name}: ${size}   # ${why(`pageSizes.${name}`)}`);
  }
  if (Object.keys(section.fields).length === 0 && Object.keys(section.pageSizes).length === 0) lines.push('  fields: {}   # nothing to infer: every field the import needs is read by its built-in names');
  if (profile.unsettled.length > 0) {
    lines.push('', '# Not settled by the data (read by the built-in names, or set them yourself):');
    for (const text of profile.unsettled) lines.push(`#   - ${text}`);
  }
  return `${lines.join('\n')}\n`;
}
