import { describe, expect, it } from 'vitest';
import { explainMatch } from './match-explain.ts';

const debtor = (name: string, nicknames: string[] = [], debtorKey = 'D0000042') => ({ name, nicknames, debtorKey });
const marked = (name: string, ranges: Array<[number, number]>) => ranges.map(([start, end]) => name.slice(start, end));

describe('why a row matched', () => {
  it('marks the parts of the name each typed word found, anywhere in a word, in any order', () => {
    const name = 'Acme Foods Company';
    const why = explainMatch('foo cme', debtor(name))!;
    expect(why.via).toBe('name');
    expect(marked(name, why.ranges)).toEqual(['cme', 'Foo']);
  });

  it('marks the original letters when accents, case or spelled-out letters differ from what was typed', () => {
    expect(marked('Müller Spedition', explainMatch('MULLER', debtor('Müller Spedition'))!.ranges)).toEqual(['Müller']);
    expect(marked('Großhandel Straße', explainMatch('strasse', debtor('Großhandel Straße'))!.ranges)).toEqual(['Straße']);
    expect(marked('Société Générale', explainMatch('generale', debtor('Société Générale'))!.ranges)).toEqual(['Générale']);
    expect(marked('東京物流株式会社', explainMatch('物流', debtor('東京物流株式会社'))!.ranges)).toEqual(['物流']);
  });

  it('says a nickname matched, naming it, when the name did not', () => {
    expect(explainMatch('bigfoods', debtor('Acme Foods Company', ['BigFoods', 'AFC']))).toEqual({
      via: 'nickname',
      nickname: 'BigFoods',
      ranges: [],
    });
  });

  it('says the key matched for a word with a digit found only in the key', () => {
    expect(explainMatch('42', debtor('Acme Foods Company'))).toMatchObject({ via: 'key', ranges: [] });
  });

  it('says a close spelling matched when a word is found nowhere as typed', () => {
    expect(explainMatch('acme fodos', debtor('Acme Foods Company'))).toEqual({ via: 'near', ranges: [[0, 4]] });
  });

  it('says nothing with nothing typed', () => {
    expect(explainMatch('   ', debtor('Acme Foods Company'))).toBeNull();
  });
});
