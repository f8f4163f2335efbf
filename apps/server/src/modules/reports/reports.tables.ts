/** Tables this module owns: only its repositories and views name them (docs/architecture.md, eslint-rules/layers.js). */
export const ownedTables = [
  'certification_report_cases',
  'certification_reports',
  'photo_reuse_flags',
] as const;
