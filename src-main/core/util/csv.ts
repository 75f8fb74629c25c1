/**
 * CSV that spreadsheet applications open correctly and safely: UTF-8 with a byte-order mark, CRLF
 * lines, every field that needs it quoted (comma, quote, line break, or leading/trailing space),
 * and no cell a spreadsheet would run as a formula (OWASP's CSV injection guidance).
 */
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** Text a spreadsheet would take for a formula gets a leading apostrophe; plain numbers (-12.50) stay numbers. */
function neutralised(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<unknown>>): string {
  const cell = (value: unknown) => {
    const raw = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
    const text = typeof value === 'number' ? raw : neutralised(raw);
    return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
