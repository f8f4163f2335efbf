import Papa from 'papaparse';

/*
 * Every CSV the product writes goes through here (decision 031; lint keeps Papa.unparse in this
 * file): UTF-8 with a BOM (Excel opens UTF-8 only with one), CRLF line ends, and every text cell
 * neutralised so that no spreadsheet — Excel, LibreOffice, Google Sheets, or a reader that splits
 * lines itself — runs it as a formula, whatever the cell contains.
 */

/** A cell: text is neutralised, a number is written as it is, null is empty. */
export type CsvCell = string | number | null;

/**
 * Control characters (tab, CR, LF and the rest of C0/C1) and the line and paragraph separators:
 * each becomes a space, so a cell is one line of text in every reader, quoted or not.
 */
const LINE_BREAKING = /[\p{Cc}\u2028\u2029]/gu;
/** What a reader may skip before the first visible character: any space, any format character (zero-width, bidi, BOM). */
const INVISIBLE_START = /^[\s\p{Z}\p{Cf}]+/u;
/** The signs that start a formula, and the minus sign; their full-width and small forms fold to these (NFKC). */
const FORMULA_SIGNS = new Set(['=', '+', '-', '@', '\u2212']);

/**
 * One text cell as written: its control characters and line breaks turned into spaces, then a `'`
 * in front when its first visible character — after any spaces, zero-width or bidi characters — is
 * `=` `+` `-` `@` in any width or form (`＝` `＋` `－` `＠`, `﹦` `﹢` `﹣` `﹫`, `−`): OWASP's advice
 * for CSV injection, made to hold whatever the cell contains.
 */
export function neutraliseCell(value: string): string {
  const flat = value.replace(LINE_BREAKING, ' ');
  const first = flat.replace(INVISIBLE_START, '').codePointAt(0);
  if (first === undefined) return flat;
  const folded = String.fromCodePoint(first).normalize('NFKC').charAt(0);
  return FORMULA_SIGNS.has(folded) ? `'${flat}` : flat;
}

function cellText(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  return neutraliseCell(cell);
}

/** A spreadsheet file: the BOM, the header row, then the rows, every text cell neutralised. */
export function spreadsheetCsv(headers: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const csv = Papa.unparse(
    { fields: headers.map(neutraliseCell), data: rows.map((row) => row.map(cellText)) },
    // Neutralised above: Papa's own escapeFormulae misses multi-line, full-width and spaced cells.
    { escapeFormulae: false, newline: '\r\n', quotes: false },
  );
  return `\uFEFF${csv}`;
}
