import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** Stands for a parameter while the query is compiled; never reaches the database. */
const MARKER = '\u0000prepared-parameter:';

interface Template {
  sql: string;
  /** Each parameter of the compiled query: a named value given at each run, or a constant of the query. */
  slots: Array<{ name: string } | { constant: unknown }>;
}

/**
 * The SQL texts of the fixed-shape queries below, each with a statement name: on PostgreSQL each
 * connection parses and plans such a query once under its name and then only binds new values
 * (connection.ts; decision 054), and the text is not sent again. A bounded set: one text per query
 * and dialect.
 */
const statementNames = new Map<string, string>();

/** The statement name of a fixed-shape query's SQL text, or undefined for any other text. */
export function preparedStatementName(text: string): string | undefined {
  return statementNames.get(text);
}

/**
 * A query of fixed shape compiled to SQL once per database and run with new values. Kysely builds
 * and compiles a query on every call: about a fifth of the server's time on a signed-in list (issue
 * 12's profile). `build` is called once per database (the SQL differs by dialect) with a marker for
 * each value; each marker's place among the compiled query's parameters takes that value at each run.
 * Only for values Kysely passes as parameters (comparisons, inserts): a marker that would end up in
 * the SQL text itself throws at the first run.
 */
export function preparedQuery<Values extends Record<string, unknown>, Row>(
  build: (db: Kysely<Database>, values: Values) => { compile(): CompiledQuery<Row> },
): (db: Kysely<Database>, values: Values) => Promise<Row[]> {
  const templates = new WeakMap<Kysely<Database>, Template>();
  const compile = (db: Kysely<Database>): Template => {
    const markers = new Proxy({} as Values, { get: (_, name) => `${MARKER}${String(name)}` });
    const query = build(db, markers).compile();
    if (query.sql.includes(MARKER)) throw new Error('preparedQuery: a value was written into the SQL text');
    if (!statementNames.has(query.sql)) statementNames.set(query.sql, `hamkke_q${statementNames.size + 1}`);
    return {
      sql: query.sql,
      slots: query.parameters.map((parameter) =>
        typeof parameter === 'string' && parameter.startsWith(MARKER)
          ? { name: parameter.slice(MARKER.length) }
          : { constant: parameter },
      ),
    };
  };
  return async (db, values) => {
    let template = templates.get(db);
    if (!template) {
      template = compile(db);
      templates.set(db, template);
    }
    const parameters = template.slots.map((slot) => ('name' in slot ? values[slot.name] : slot.constant));
    return (await db.executeQuery(CompiledQuery.raw(template.sql, parameters) as CompiledQuery<Row>)).rows;
  };
}
