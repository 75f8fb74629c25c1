/**
 * CSV that spreadsheet applications open correctly and safely: UTF-8 with a byte-order mark, CRLF
 * lines, every field that needs it quoted (separator, quote, line break, or leading/trailing
 * space), and no cell a spreadsheet would run as a formula (OWASP's CSV injection guidance).
 *
 * The separator and the decimal mark follow the user's formats: where the decimal mark is a comma
 * (German, Spanish), Excel expects `;` between cells and `1,5` for a number, and opens a
 * comma-separated file as one column; elsewhere `,` and `1.5`.
 */
export interface CsvStyle {
  separator: ',' | ';';
  decimal: '.' | ',';
}

export const PLAIN_CSV: CsvStyle = { separator: ',', decimal: '.' };

/** The style a spreadsheet in `locale` opens as it should. */
export function csvStyleFor(locale?: string): CsvStyle {
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
  return decimal === ',' ? { separator: ';', decimal: ',' } : PLAIN_CSV;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+([.,]\d+)?$/;

/** Text a spreadsheet would take for a formula gets a leading apostrophe; plain numbers (-12.50) stay numbers. */
function neutralised(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

export function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<unknown>>,
  style: CsvStyle = PLAIN_CSV,
): string {
  const needsQuotes = new RegExp(`["${style.separator}\\r\\n]|^\\s|\\s$`);
  const cell = (value: unknown) => {
    if (typeof value === 'number') return String(value).replace('.', style.decimal);
    const text = neutralised(
      value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value),
    );
    return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(style.separator)).join('\r\n')}\r\n`;
}
