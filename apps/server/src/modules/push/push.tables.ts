/** Tables this module owns: only its repositories and views name them (docs/architecture.md, eslint-rules/layers.js). */
export const ownedTables = ['push_subscriptions', 'push_preferences', 'push_sends'] as const;
