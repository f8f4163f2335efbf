/** The tables the common module owns (table ownership, issue 24): only its repositories name them. */
export const ownedTables = ['common_codes'] as const;
