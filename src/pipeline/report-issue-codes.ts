/**
 * Issue codes of the report stage of `validate` and `import` (`finishRun`). The table is what
 * tests and `docs/issue-codes.md` match on.
 */

/** Codes the report stage adds to summary.json. */
export const REPORT_ISSUE_CODES = {
  source_changed_after_read:
    'The file changed after the run read it, while the report read it again for the annotated copy and rejected-rows.csv: those copies were removed (warning); the statuses stand for the content read. Run validate again for a copy.',
} as const;
