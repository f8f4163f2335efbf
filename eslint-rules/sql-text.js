/**
 * Reads the tables a piece of SQL text names, for `layers/table-ownership` (issue 44): raw SQL
 * (`sql` templates, `sql.raw('…')`, strings that are statements) must not reach around the
 * ownership that the query builder's table names are checked for.
 *
 * Not a SQL parser: a tokenizer that drops comments and string literals, then reads the name after
 * `from` (and each one of a comma list), `join`, `into`, `update`, `using`, `table` and `truncate`,
 * and the names of common table expressions (`with x [(cols)] as [not] [materialized] (…)`).
 * It may read a name where SQL has none (`extract(epoch from created_at)` reads `created_at`); the
 * rule only reports names that are tables of the schema, so such readings are harmless.
 */

const WORD =
  /^(?:[a-z_][a-z0-9_$]*|"[^"]*"|`[^`]*`|\[[^\]]*\])(?:\s*\.\s*(?:[a-z_][a-z0-9_$]*|"[^"]*"|`[^`]*`|\[[^\]]*\]))*/;

/** Words after which `update` or a `from` name is no table. */
const NOT_A_NAME = new Set([
  'select',
  'set',
  'where',
  'on',
  'using',
  'group',
  'order',
  'limit',
  'offset',
  'returning',
  'values',
  'default',
  'of',
  'nowait',
  'skip',
  'lateral',
  'only',
  'join',
  'inner',
  'left',
  'right',
  'full',
  'cross',
  'natural',
  'outer',
  'union',
  'except',
  'intersect',
  'window',
  'having',
  'as',
  'if',
  'exists',
  'not',
]);

/** The placeholder a template's `${…}` becomes: neither a word nor punctuation the reader knows. */
export const PLACEHOLDER = '\u0001';

function tokenize(text) {
  const source = text
    .toLowerCase()
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\$([a-z_]*)\$[\s\S]*?\$\1\$/g, ' ')
    .replace(/'(?:[^']|'')*'/g, ' ');
  const tokens = [];
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const word = WORD.exec(rest);
    if (word) {
      tokens.push({ word: word[0].replace(/["`[\]\s]/g, '') });
      i += word[0].length;
      continue;
    }
    tokens.push({ punct: rest[0] });
    i += 1;
  }
  return tokens;
}

/** The index after the parenthesis that closes the one at `open`. */
function afterParens(tokens, open) {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (tokens[i].punct === '(') depth++;
    else if (tokens[i].punct === ')' && --depth === 0) return i + 1;
  }
  return tokens.length;
}

const wordAt = (tokens, i) => tokens[i]?.word;
const isName = (tokens, i) => wordAt(tokens, i) !== undefined && !NOT_A_NAME.has(wordAt(tokens, i));
/** `public.teams` → `teams`. */
const lastPart = (name) => name.split('.').at(-1);

/**
 * The tables `text` names (`{ table, keyword }`, each where it is named) and its common table
 * expressions' names.
 */
export function tablesInSql(text) {
  const tokens = tokenize(text);
  const tables = [];
  const ctes = [];
  const name = (i, keyword) => {
    if (wordAt(tokens, i) === 'only' || wordAt(tokens, i) === 'lateral') i++;
    if (isName(tokens, i)) tables.push({ table: lastPart(wordAt(tokens, i)), keyword });
    return i;
  };
  for (let i = 0; i < tokens.length; i++) {
    const word = wordAt(tokens, i);
    if (!word) continue;
    const previous = wordAt(tokens, i - 1);
    if (word === 'from' && previous !== 'distinct') {
      // `from a x, b as y, (select …) z`: each item of the list.
      let j = i + 1;
      for (;;) {
        j = name(j, 'from');
        j = tokens[j]?.punct === '(' ? afterParens(tokens, j) : j + 1;
        if (wordAt(tokens, j) === 'as') j++;
        if (isName(tokens, j)) j++;
        if (tokens[j]?.punct !== ',') break;
        j++;
      }
    } else if (word === 'join' || word === 'into' || word === 'table') {
      name(i + 1, word);
    } else if (word === 'truncate' && wordAt(tokens, i + 1) !== 'table') {
      name(i + 1, word);
    } else if (word === 'update' && previous !== 'for' && previous !== 'do') {
      name(i + 1, word);
    } else if (word === 'using' && tokens[i + 1]?.punct !== '(') {
      name(i + 1, word);
    } else if (word === 'with') {
      // `with [recursive] a [(cols)] as [not] [materialized] (…), b as (…)`
      let j = wordAt(tokens, i + 1) === 'recursive' ? i + 2 : i + 1;
      for (;;) {
        const cte = wordAt(tokens, j);
        if (!cte) break;
        let k = j + 1;
        if (tokens[k]?.punct === '(') k = afterParens(tokens, k);
        if (wordAt(tokens, k) !== 'as') break;
        k++;
        if (wordAt(tokens, k) === 'not') k++;
        if (wordAt(tokens, k) === 'materialized') k++;
        if (tokens[k]?.punct !== '(') break;
        ctes.push(lastPart(cte));
        k = afterParens(tokens, k);
        if (tokens[k]?.punct !== ',') break;
        j = k + 1;
      }
    }
  }
  return { tables, ctes };
}

/** A string that reads as a SQL statement, so it is read for tables even outside a `sql` template. */
export const looksLikeStatement = (text) =>
  /^\s*\(?\s*(select|insert|update|delete|with|merge|truncate|replace)\b/i.test(text);
