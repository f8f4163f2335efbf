/** Tables this module owns: only its repositories and views name them (docs/architecture.md, eslint-rules/layers.js). */
export const ownedTables = ['badge_rules', 'user_badges', 'medals', 'rewards'] as const;
