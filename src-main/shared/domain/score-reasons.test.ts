/** What moves a score, read from the shapes servers send it in; anything else is "not readable", never guessed. */
import { describe, expect, it } from 'vitest';
import { REASONS_MAX, scoreReasonsOf } from './score-reasons.ts';

describe('the reasons sent with a score', () => {
  it('reads our contract: codes with points', () => {
    expect(
      scoreReasonsOf([
        { code: 'LATE_PAYMENTS', impact: -12 },
        { code: 'PAYS_ON_TIME', description: 'On time', impact: 6 },
      ]),
    ).toEqual({
      kind: 'read',
      reasons: [
        { code: 'LATE_PAYMENTS', text: null, impact: -12 },
        { code: 'PAYS_ON_TIME', text: 'On time', impact: 6 },
      ],
    });
  });

  it.each([
    [
      'a bureau’s objects: reasonCode, text, unsigned weight and a direction',
      [{ reasonCode: 'R12', text: 'Derogatory trades', weight: '15', direction: 'negative' }],
      [{ code: 'R12', text: 'Derogatory trades', impact: -15 }],
    ],
    [
      'a list of codes',
      ['LATE_PAYMENTS', 'R07'],
      [
        { code: 'LATE_PAYMENTS', text: null, impact: null },
        { code: 'R07', text: null, impact: null },
      ],
    ],
    [
      'a list of words',
      ['Pays late', 'Few years in business'],
      [
        { code: null, text: 'Pays late', impact: null },
        { code: null, text: 'Few years in business', impact: null },
      ],
    ],
    [
      'one text joined by semicolons',
      'Pays late; LIENS',
      [
        { code: null, text: 'Pays late', impact: null },
        { code: 'LIENS', text: null, impact: null },
      ],
    ],
    [
      'an object of code → words',
      { '01': 'Late payments', '02': 'Limit used' },
      [
        { code: '01', text: 'Late payments', impact: null },
        { code: '02', text: 'Limit used', impact: null },
      ],
    ],
    [
      'a factor named as such, a number for a code',
      [{ id: 7, factor: 'Industry risk', contribution: 3 }],
      [{ code: '7', text: 'Industry risk', impact: 3 }],
    ],
  ])('reads %s', (_shape, value, reasons) => {
    expect(scoreReasonsOf(value)).toEqual({ kind: 'read', reasons });
  });

  it('says none were sent where the field is absent, and an empty list as read with none', () => {
    expect(scoreReasonsOf(undefined)).toEqual({ kind: 'none' });
    expect(scoreReasonsOf(null)).toEqual({ kind: 'none' });
    expect(scoreReasonsOf([])).toEqual({ kind: 'read', reasons: [] });
  });

  it.each([[42], [true], [[1, 2]], [[{ impact: -3 }]], [['ok', ['nested']]]])('does not guess at %j', (value) => {
    expect(scoreReasonsOf(value)).toEqual({ kind: 'unreadable' });
  });

  it('keeps a few, each short', () => {
    const read = scoreReasonsOf(Array.from({ length: 30 }, (_, index) => ({ code: `R${index}`, description: 'x'.repeat(500) })));
    if (read.kind !== 'read') throw new Error('not read');
    expect(read.reasons).toHaveLength(REASONS_MAX);
    expect(read.reasons[0]!.text).toHaveLength(200);
  });
});
