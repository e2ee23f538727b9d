/** The sandbox's dialects, by name, and the structural ones composed by name. */
import { composeDialect, parseStructuralSpec } from './compose-dialect.js';
import { documentedDialect } from './documented-dialect.js';
import { interfaceDialect } from './interface-dialect.js';
import { pascalDialect } from './pascal-dialect.js';
import { treeDialect } from './tree-dialect.js';
import { SANDBOX_DIALECT_NAMES } from './dialect-types.js';
import type { SandboxDialect, SandboxDialectName } from './dialect-types.js';

/** Every dialect, by name. */
const SANDBOX_DIALECTS: Record<SandboxDialectName, SandboxDialect> = {
  interface: interfaceDialect,
  documented: documentedDialect,
  pascal: pascalDialect,
  tree: treeDialect,
};

/**
 * The dialect a spec names: one of `SANDBOX_DIALECT_NAMES`, or structural names joined by `+`
 * (`cursor+translations`). Throws `ConfigError` naming what is not a dialect.
 */
export function resolveSandboxDialect(spec: string): SandboxDialect {
  if ((SANDBOX_DIALECT_NAMES as readonly string[]).includes(spec)) return SANDBOX_DIALECTS[spec as SandboxDialectName];
  return composeDialect(parseStructuralSpec(spec));
}

export { SANDBOX_DIALECT_NAMES, STRUCTURAL_DIALECT_NAMES, answerWith, isDialectAnswer } from './dialect-types.js';
export type {
  SandboxDialect,
  SandboxDialectName,
  SandboxDialectSpec,
  DialectRequest,
} from './dialect-types.js';
export { renderJsonText } from './dialect-kit.js';
