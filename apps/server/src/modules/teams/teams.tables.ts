/** Tables this module owns: only its repositories and views name them (docs/architecture.md, eslint-rules/layers.js). */
export const ownedTables = [
  'challenges',
  'sub_challenges',
  'teams',
  'team_members',
  'team_invitations',
  'team_favorites',
  'round_closes',
  'round_team_results',
  'round_member_results',
] as const;
