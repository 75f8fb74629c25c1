import { describe, expect, it } from 'vitest';
import { valueSegments } from './value-segments.ts';

const values = (text: string) =>
  valueSegments(text)
    .filter((segment) => segment.value)
    .map((segment) => segment.text);

describe('values in a sentence (issue 46, point 5)', () => {
  it('finds durations, times and measures in every language, and keeps the sentence as it was', () => {
    expect(values('since Thu 8:00 AM · 17 h 9 min')).toEqual(['8:00 AM', '17 h 9 min']);
    expect(values('seit Do., 08:00 · 17 Std. 11 Min.')).toEqual(['08:00', '17 Std. 11 Min.']);
    expect(values('en marcha · 14 ms · comprobado hace 19 s')).toEqual(['14 ms', '19 s']);
    expect(values('Heute 23 Std. 42 Min.')).toEqual(['23 Std. 42 Min.']);
    expect(values('Employee E1002 has 3 shifts')).toEqual([]);
    const text = 'seit Do., 08:00 · 17 Std. 11 Min.';
    expect(
      valueSegments(text)
        .map((segment) => segment.text)
        .join(''),
    ).toBe(text);
  });
});
