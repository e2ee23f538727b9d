/**
 * Which import fields are required follows the service profile (settings `service.requiredFields`),
 * not a guess: a mapping that does not say `validation.requireBarcode` takes it from the profile
 * (defaults < profile < the mapping's own word). A mapping that turns off a field the profile says
 * the service requires is kept as written, with a warning that the service will refuse such items.
 */
import { createIssue, type Issue } from '../core/issue.js';
import type { ServiceRequirableField } from '../settings/service-profile-schema.js';
import type { Mapping } from './mapping-schema.js';
import { isPlainRecord } from '../core/is-plain-record.js';

/**
 * The decoded mapping document with `validation.requireBarcode` filled from the profile where the
 * document leaves it out. A document of the wrong shape is returned as it is (the schema reports it).
 */
export function applyRequiredFieldDefaults(document: unknown, requiredFields: readonly ServiceRequirableField[]): unknown {
  if (!isPlainRecord(document)) return document;
  const validation = document['validation'];
  if (validation !== undefined && !isPlainRecord(validation)) return document;
  if (validation !== undefined && validation['requireBarcode'] !== undefined) return document;
  return { ...document, validation: { ...validation, requireBarcode: requiredFields.includes('barcode') } };
}

/** Warnings for a mapping that turns off a field the service profile requires (pure). */
export function checkServiceRequirements(mapping: Mapping, requiredFields: readonly ServiceRequirableField[], file?: string): Issue[] {
  const relaxed: { field: ServiceRequirableField; path: string; off: boolean; setting: string }[] = [
    { field: 'barcode', path: 'validation.requireBarcode', off: !mapping.validation.requireBarcode, setting: 'validation.requireBarcode: false' },
    { field: 'description', path: 'validation.requireDescription', off: !mapping.validation.requireDescription, setting: 'validation.requireDescription: false' },
    { field: 'photos', path: 'validation.photos.min', off: mapping.validation.photos.min === 0, setting: 'validation.photos.min: 0' },
  ];
  return relaxed
    .filter((entry) => entry.off && requiredFields.includes(entry.field))
    .map((entry) =>
      createIssue({
        stage: 'mapping',
        severity: 'warning',
        code: 'required_by_service',
        data: { setting: entry.setting, requirable: entry.field },
        file,
        path: entry.path,
      }),
    );
}

