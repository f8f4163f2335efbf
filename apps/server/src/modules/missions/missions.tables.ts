/** Tables this module owns: only its repositories and views name them (docs/architecture.md, eslint-rules/layers.js). */
export const ownedTables = [
  'missions',
  'mission_certifications',
  'mission_action_logs',
  'share_days',
] as const;
