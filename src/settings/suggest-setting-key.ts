/**
 * The nearest known setting to an unknown key: a settings file that says `pageSize` where the
 * schema has `service.pageSizes` must hear so, not have its value dropped.
 */
import type { z } from 'zod';
import { countEdits } from '../core/count-edits.js';

/** A known setting: its dotted path and its own key (a key may hold dots: `service.fields["attribute.code"]`). */
export interface SettingPath {
  path: string;
  key: string;
}

/** Every key path a schema of nested objects knows (`service.pageSizes.list`). */
function listSettingPaths(schema: z.ZodType, prefix = ''): SettingPath[] {
  const shape = objectShape(schema);
  if (shape === undefined) return [];
  return Object.entries(shape).flatMap(([key, child]) => {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    return [{ path, key }, ...listSettingPaths(child, path)];
  });
}

/** Keys known at one level (`parent` as a dotted path, `''` for the top). */
function listKeysAt(schema: z.ZodType, parent: readonly PropertyKey[]): string[] {
  let current: z.ZodType | undefined = schema;
  for (const key of parent) current = current === undefined ? undefined : objectShape(current)?.[String(key)];
  const shape = current === undefined ? undefined : objectShape(current);
  return shape === undefined ? [] : Object.keys(shape);
}

/** The nearest known setting path to `key` found at `parent`, or undefined when none is close. */
export function suggestSettingKey(schema: z.ZodType, parent: readonly PropertyKey[], key: string): string | undefined {
  const prefix = parent.map(String).join('.');
  const siblings = listKeysAt(schema, parent).map((k) => ({ path: prefix === '' ? k : `${prefix}.${k}`, key: k }));
  // Field names of the service are a vocabulary of their own, suggested only among themselves.
  const everywhere = listSettingPaths(schema).filter((entry) => !entry.path.startsWith('service.fields.'));
  const best = (paths: SettingPath[]) =>
    paths
      .map(({ path, key: known }) => ({ path, distance: countEdits(key.toLowerCase(), known.toLowerCase()) }))
      .sort((a, b) => a.distance - b.distance || a.path.length - b.path.length)[0];
  const near = best(siblings);
  const far = best(everywhere);
  const limit = Math.max(2, Math.floor(key.length / 3));
  if (near !== undefined && near.distance <= limit && (far === undefined || near.distance <= far.distance)) return near.path;
  if (far !== undefined && far.distance <= limit) return far.path;
  return near?.path;
}

function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  let current: unknown = schema;
  for (let depth = 0; depth < 8; depth += 1) {
    const def = (current as { _zod?: { def?: { type?: string; shape?: Record<string, z.ZodType>; innerType?: unknown } } })._zod?.def;
    if (def === undefined) return undefined;
    if (def.type === 'object') return def.shape;
    if (def.innerType === undefined) return undefined;
    current = def.innerType;
  }
  return undefined;
}
