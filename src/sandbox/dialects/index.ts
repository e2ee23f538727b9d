/** The sandbox's dialects, by name. */
import { documentedDialect } from './documented-dialect.js';
import { interfaceDialect } from './interface-dialect.js';
import { pascalDialect } from './pascal-dialect.js';
import { treeDialect } from './tree-dialect.js';
import type { SandboxDialect, SandboxDialectName } from './dialect-types.js';

/** Every dialect, by name. */
export const SANDBOX_DIALECTS: Record<SandboxDialectName, SandboxDialect> = {
  interface: interfaceDialect,
  documented: documentedDialect,
  pascal: pascalDialect,
  tree: treeDialect,
};

export { SANDBOX_DIALECT_NAMES } from './dialect-types.js';
export type { SandboxDialect, SandboxDialectName, DialectPaging, AcceptedImport, ListPage } from './dialect-types.js';
export { renderJsonText, markBigNumber } from './dialect-kit.js';
