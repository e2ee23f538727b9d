/** The tool's name and version, written into reports. */
export const TOOL_NAME = 'catalog-import';
/** Kept in step with package.json by a test. */
export const TOOL_VERSION = '0.1.0';
