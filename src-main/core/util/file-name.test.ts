import { describe, expect, it } from 'vitest';
import { safeFileName } from './file-name.ts';

describe('a suggested file name', () => {
  it('is one harmless path segment, whatever went into it', () => {
    expect(safeFileName('transactions-../../../.config/autostart/x-2026-11-25.csv')).toBe(
      'transactions-.-.-.-.config-autostart-x-2026-11-25.csv',
    );
    expect(safeFileName('..\\..\\Windows\\x.csv')).toBe('Windows-x.csv');
    expect(safeFileName('a<b>c:d"e|f?g*h\u0000.csv')).toBe('a-b-c-d-e-f-g-h-.csv');
    expect(safeFileName('..')).toBe('export');
    expect(safeFileName('.hidden')).toBe('hidden');
    expect(safeFileName('x'.repeat(500)).length).toBe(120);
    expect(safeFileName('debtors-2026-11-25.csv')).toBe('debtors-2026-11-25.csv');
  });
});
