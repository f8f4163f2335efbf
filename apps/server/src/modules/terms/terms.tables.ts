/** The tables the terms module owns (table ownership, issue 24): only its repositories name them. */
export const ownedTables = ['terms_documents', 'user_agreements', 'guardian_consents'] as const;
