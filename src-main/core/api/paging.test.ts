import { describe, expect, it } from 'vitest';
import { linkHeaderNext, MAX_LINK_HEADER } from './paging.ts';

const next = (link: string) => linkHeaderNext(new Headers({ link }));

describe('a Link header', () => {
  it('gives the rel="next" target among others, with any quoting, case and several rel values', () => {
    expect(next('<https://api.example/d?page=1>; rel="prev", <https://api.example/d?page=3>; rel="next"')).toBe(
      'https://api.example/d?page=3',
    );
    expect(next('<https://api.example/d?c=xyz>; REL=Next')).toBe('https://api.example/d?c=xyz');
    expect(next('<https://api.example/d?page=9>; rel="last next"; title="on"')).toBe('https://api.example/d?page=9');
    expect(next('<https://api.example/d?page=1>; rel="prev"')).toBeNull();
    expect(next('<https://api.example/next>; rel="nextish"')).toBeNull();
    expect(next('garbage')).toBeNull();
  });

  it('reads a hostile header in one pass and only its first part', () => {
    expect(next('<'.repeat(64 * 1024))).toBeNull();
    expect(next(`${'<a>; rel="x", '.repeat(3_000)}<https://api.example/late>; rel="next"`)).toBeNull();
    const early = '<https://api.example/early>; rel="next", ';
    expect(next(early + ' '.repeat(MAX_LINK_HEADER))).toBe('https://api.example/early');
  });
});
