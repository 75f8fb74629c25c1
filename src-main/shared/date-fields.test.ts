/** Date and time fields in the app's language and format, whatever the browser's (issue 46, point 4). */
import { describe, expect, it } from 'vitest';
import {
  datePlaceholder,
  dayKeyOfField,
  fieldsOfMoment,
  formatTimeField,
  momentOfFields,
  parseDateField,
  parseTimeField,
} from './date-fields.ts';

const at = new Date(2026, 10, 26, 17, 30).getTime();

describe('date and time fields', () => {
  it('write a moment in the language’s own order and clock', () => {
    expect(fieldsOfMoment(at, 'de')).toEqual({ date: '26.11.2026', time: '17:30' });
    expect(fieldsOfMoment(at, 'es')).toEqual({ date: '26/11/2026', time: '17:30' });
    expect(fieldsOfMoment(at, 'en-US')).toEqual({ date: '11/26/2026', time: '5:30 PM' });
    expect(fieldsOfMoment(at, 'en-GB')).toEqual({ date: '26/11/2026', time: '17:30' });
    expect(formatTimeField(0, 'en-US')).toBe('12:00 AM');
  });

  it('read what people type, with any usual separator, and a two-digit year', () => {
    for (const text of ['26.11.2026', '26/11/2026', '26-11-26', '26 11 2026', ' 26.11.26 '])
      expect(parseDateField(text, 'de'), text).toEqual({ year: 2026, month: 11, day: 26 });
    expect(parseDateField('11/26/2026', 'en-US')).toEqual({ year: 2026, month: 11, day: 26 });
    expect(dayKeyOfField('3.2.2027', 'de')).toBe('2027-02-03');
  });

  it('refuse what is no day: a 31 November, a month 13, letters, two numbers', () => {
    for (const text of ['31.11.2026', '26.13.2026', 'morgen', '26.11', '', '1.1.1900'])
      expect(parseDateField(text, 'de'), text).toBeNull();
    expect(parseDateField('11/26/2026', 'de')).toBeNull(); // the 11th day of the 26th month
  });

  it('read times on the locale’s clock, and ask for AM or PM where 12 hours would be ambiguous', () => {
    for (const text of ['17:30', '17.30', '1730', '17h30']) expect(parseTimeField(text, 'de'), text).toBe(17 * 60 + 30);
    expect(parseTimeField('9', 'de')).toBe(9 * 60);
    expect(parseTimeField('5:30 PM', 'en-US')).toBe(17 * 60 + 30);
    expect(parseTimeField('5:30p', 'en-US')).toBe(17 * 60 + 30);
    expect(parseTimeField('12:15 am', 'en-US')).toBe(15);
    expect(parseTimeField('17:30', 'en-US')).toBe(17 * 60 + 30);
    expect(parseTimeField('5:30', 'en-US')).toBeNull();
    for (const text of ['24:00', '17:60', 'halb sechs', '13:00 PM']) expect(parseTimeField(text, 'de'), text).toBeNull();
  });

  it('make a local moment from both fields, and show the language’s letters as the example', () => {
    expect(momentOfFields('26.11.2026', '17:30', 'de')).toBe(at);
    expect(momentOfFields('26.11.2026', '25:00', 'de')).toBeNull();
    expect(datePlaceholder('de', { day: 'TT', month: 'MM', year: 'JJJJ' })).toBe('TT.MM.JJJJ');
    expect(datePlaceholder('es', { day: 'DD', month: 'MM', year: 'AAAA' })).toBe('DD/MM/AAAA');
    expect(datePlaceholder('en-US', { day: 'DD', month: 'MM', year: 'YYYY' })).toBe('MM/DD/YYYY');
  });
});
