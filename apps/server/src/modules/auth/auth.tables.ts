export const ownedTables = ['access_tokens'] as const;
