import type { AliasedSelectQueryBuilder } from 'kysely';

/**
 * What an owner's query helper hands out (issue 24): a query over its own table that another
 * module's repository joins or selects from under an alias of its choice, without naming the table.
 */
export interface Subquery<Row> {
  as<A extends string>(alias: A): AliasedSelectQueryBuilder<Row, A>;
}
