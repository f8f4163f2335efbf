/** Tables this module owns: only its repositories and views name them (docs/architecture.md, eslint-rules/layers.js). */
export const ownedTables = [
  'auto_login_tokens',
  'kakao_login_attempts',
  'login_logs',
  'activity_logs',
  'membership_registry',
] as const;
