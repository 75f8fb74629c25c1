/**
 * CSV that spreadsheet applications open correctly: UTF-8 with a byte-order mark, CRLF lines, and
 * every field that needs it quoted (comma, quote, line break, or leading/trailing space).
 */
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<unknown>>): string {
  const cell = (value: unknown) => {
    const text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
    return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
