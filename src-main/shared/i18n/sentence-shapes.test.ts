/**
 * Sentences that take a moment of another day read right in every language: a moment says its
 * time first and its day after it ("10:30 PM on Wed", "22:30 am Mi.", "22:30 del mié"), so "at",
 * "um" and "desde las" stand before a time, never before a weekday ("desde las mié, 22:30" was
 * the fault). Every message with a moment is rendered with one, and the word before it checked.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatMoment } from '../moments.ts';
import { catalogues, translatorFor } from './catalogues.ts';
import { argumentsOf } from './icu-arguments.ts';
import { LANGUAGES } from './locales.ts';

/** Arguments that carry a moment (a time with its day when not today). */
const MOMENT_ARGUMENTS = new Set(['time', 'since', 'from', 'to', 'last', 'now', 'server', 'mine']);
/** Messages whose argument of such a name is a calendar day, or a time in a list already grouped by day. */
const NOT_MOMENTS = new Set(['lookup.memory.trend', 'hours.break']);
/** The words a moment may follow (anything else before it is a sentence shaped for a bare time or a day). */
const BEFORE_A_MOMENT: Record<(typeof LANGUAGES)[number], ReadonlySet<string>> = {
  en: new Set(['at', 'since', 'Since', 'until', 'from', 'to', 'past', 'says', 'check']),
  de: new Set(['um', 'Um', 'seit', 'Seit', 'bis', 'von', 'nach', 'zeigt', 'Prüfung']),
  es: new Set(['las']),
};

const local = (day: number, hour: number, minute: number) => new Date(2026, 10, day, hour, minute).getTime();
const NOW = local(26, 15, 0); // a Thursday afternoon

describe('moments in sentences', () => {
  it.each(LANGUAGES)('%s: a moment of another day says its time first, then the day', (language) => {
    const { t, locale } = translatorFor({ messages: language, formats: language });
    const moment = (ms: number) => formatMoment(ms, NOW, locale.formats, t);
    const time = (ms: number) => new Intl.DateTimeFormat(locale.formats, { hour: 'numeric', minute: '2-digit' }).format(ms);
    const today = local(26, 9, 5);
    expect(moment(today)).toBe(time(today));
    for (const other of [local(24, 22, 30), local(10, 22, 30), local(27, 8, 0)]) {
      expect(moment(other).startsWith(time(other)), moment(other)).toBe(true);
      expect(moment(other).length).toBeGreaterThan(time(other).length + 3);
    }
    expect(moment(local(24, 22, 30))).toContain(
      new Intl.DateTimeFormat(locale.formats, { weekday: 'short' }).format(local(24, 12, 0)),
    );
  });

  it.each(LANGUAGES)('%s: every sentence with a moment puts the right word before it', (language) => {
    const { t, locale } = translatorFor({ messages: language, formats: language });
    const moment = formatMoment(local(24, 22, 30), NOW, locale.formats, t);
    const wrong: string[] = [];
    for (const [key, message] of Object.entries(catalogues[language])) {
      const kinds = argumentsOf(message);
      if (NOT_MOMENTS.has(key) || ![...kinds.keys()].some((name) => MOMENT_ARGUMENTS.has(name))) continue;
      const args = Object.fromEntries(
        [...kinds].map(([name, kind]) => [
          name,
          MOMENT_ARGUMENTS.has(name) ? moment : kind === 'number' ? 2 : kind === 'choice' ? 'other' : 'X',
        ]),
      );
      const sentence = (t as (key: string, args: object) => string)(key, args);
      for (let at = sentence.indexOf(moment); at >= 0; at = sentence.indexOf(moment, at + 1)) {
        const word = /(\p{L}+) $/u.exec(sentence.slice(0, at))?.[1];
        if (word !== undefined && !BEFORE_A_MOMENT[language].has(word)) wrong.push(`${key}: “${sentence}”`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

/** The terms a language's glossary (docs/glossary/<language>.md) rules out: its table's column "Not", backticked. */
function avoidedTerms(language: string): string[] {
  const glossary = readFileSync(new URL(`../../../docs/glossary/${language}.md`, import.meta.url), 'utf8');
  const rows = glossary
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  const column = rows[0]!.indexOf('Not');
  return rows.slice(2).flatMap((cells) => [...(cells[column] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1]!));
}

describe('one term per thing', () => {
  it.each(LANGUAGES)('%s uses none of the terms its glossary rules out', (language) => {
    const terms = avoidedTerms(language);
    expect(terms.length).toBeGreaterThan(1);
    const found = Object.entries(catalogues[language]).flatMap(([key, message]) =>
      terms
        .filter((term) => new RegExp(`(?<!\\p{L})${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u').test(message))
        .map((term) => `${key}: ${term}`),
    );
    expect(found).toEqual([]);
  });
});
