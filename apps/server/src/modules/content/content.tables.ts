/** The tables the content module owns (table ownership, issue 24): only its repositories name them. */
export const ownedTables = [
  'notices',
  'notice_reads',
  'popups',
  'faqs',
  'forbidden_words',
  'content_pages',
] as const;
