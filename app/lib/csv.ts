/**
 * CSV as RFC 4180 writes it: CRLF line ends, a field quoted (quotes doubled) when it holds a
 * comma, a quote or a line break. A cell a spreadsheet would read as a formula (starting
 * with = + - @, a tab or a carriage return) is prefixed with a single quote, so an exported
 * name like `=HYPERLINK(…)` stays text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
