import { describe, expect, it } from 'vitest';
import { scoreBand, scoresDisagree } from './score-bands.ts';

describe('score bands', () => {
  it.each([
    [100, 'low'],
    [80, 'low'],
    [79.5, 'moderate'],
    [60, 'moderate'],
    [59, 'elevated'],
    [40, 'elevated'],
    [39, 'high'],
    [0, 'high'],
    [101, null],
    [-1, null],
    ['78', null],
    [null, null],
  ])('%s is %s', (score, band) => expect(scoreBand(score)).toBe(band));

  it('flags scores 30 points or more apart, and nothing when either is missing', () => {
    expect(scoresDisagree(78, 22)).toBe(56);
    expect(scoresDisagree(70, 40)).toBe(30);
    expect(scoresDisagree(70, 41)).toBeNull();
    expect(scoresDisagree(70, undefined)).toBeNull();
  });
});
