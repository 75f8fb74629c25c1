import { describe, expect, it } from 'vitest';
import { csvStyleFor, toCsv } from './csv.ts';

describe('CSV', () => {
  it('starts with a BOM, ends lines with CRLF, and quotes what needs it', () => {
    const csv = toCsv(
      ['Name', 'Amount', 'Note'],
      [
        ['Acme, Inc.', 1200.5, 'said "hi"'],
        ['Zenith', null, 'two\nlines'],
        ['  padded', 3, { nested: true }],
      ],
    );
    expect(csv).toBe(
      '\uFEFFName,Amount,Note\r\n"Acme, Inc.",1200.5,"said ""hi"""\r\nZenith,,"two\nlines"\r\n"  padded",3,"{""nested"":true}"\r\n',
    );
  });

  it('neutralises cells a spreadsheet would run as formulas, and leaves numbers alone', () => {
    const csv = toCsv(
      ['Cell'],
      [
        ['=HYPERLINK("http://evil","x")'],
        ['+1+cmd|'],
        ['-2+3'],
        ['@SUM(A1)'],
        ['\tTab'],
        ['\rCR'],
        [-12.5],
        ['-12.50'],
        ['Acme'],
      ],
    );
    expect(csv.split('\r\n').slice(1, -1)).toEqual([
      `"'=HYPERLINK(""http://evil"",""x"")"`,
      "'+1+cmd|",
      "'-2+3",
      "'@SUM(A1)",
      "'\tTab",
      `"'\rCR"`,
      '-12.5',
      '-12.50',
      'Acme',
    ]);
  });

  it('separates with ; and writes decimal commas where the user’s numbers do, as Excel there expects', () => {
    expect(csvStyleFor('de-DE')).toEqual({ separator: ';', decimal: ',' });
    expect(csvStyleFor('es')).toEqual({ separator: ';', decimal: ',' });
    expect(csvStyleFor('en-US')).toEqual({ separator: ',', decimal: '.' });
    expect(
      toCsv(
        ['Name', 'Betrag'],
        [
          ['Acme, Inc.', 1200.5],
          ['A;B', -3],
          ['-12,50', 7],
        ],
        csvStyleFor('de'),
      ),
    ).toBe('\uFEFFName;Betrag\r\nAcme, Inc.;1200,5\r\n"A;B";-3\r\n-12,50;7\r\n');
  });
});
