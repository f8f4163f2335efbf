import { importZones } from './import-zones.js';
import { tableOwnership } from './table-ownership.js';

/**
 * The house's layering, checked by ESLint rather than by review (issues 13, 24 and 44).
 *
 * - `layers/import-zones` (import-zones.js): imports flow one way between the web's zones, a
 *   module's repositories are imported by that module alone, the two apps share only
 *   `@hamkke/contract`, and an import the rule cannot read (`#…`, `import(x)`) is refused.
 * - `layers/table-ownership` (table-ownership.js, with sql-text.js): each table has one owning
 *   module, declared in `<module>.tables.ts`, and only that module's files name it, in the query
 *   builder or in SQL text.
 *
 * Tested against the evasions in fixtures/ by layers.test.ts.
 */
export default { rules: { 'import-zones': importZones, 'table-ownership': tableOwnership } };
