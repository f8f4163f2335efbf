export const ownedTables = ['users'] as const;
