export const ownedTables = ['operators', 'operator_sessions', 'audit_logs'] as const;
