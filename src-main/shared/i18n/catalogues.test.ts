import { describe, expect, it } from 'vitest';
import { catalogueOf, catalogues, translatorFor } from './catalogues.ts';
import { argumentsOf, selectOptionsOf } from './icu-arguments.ts';
import { chooseLocale, LANGUAGES, PSEUDO_LOCALE } from './locales.ts';

const english = catalogues.en;

describe('the message catalogues', () => {
  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s has every English key, with the same ICU arguments and select options, and nothing else',
    (language) => {
      const catalogue = catalogues[language];
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
      for (const [key, message] of Object.entries(english)) {
        const translated = catalogue[key]!;
        expect([...argumentsOf(translated)].sort(), `${language} ${key}`).toEqual([...argumentsOf(message)].sort());
        expect([...selectOptionsOf(translated)].sort(), `${language} ${key}`).toEqual([...selectOptionsOf(message)].sort());
      }
    },
  );

  it('says plurals as each language does', () => {
    for (const language of LANGUAGES) {
      const { t } = translatorFor({ messages: language, formats: language });
      expect(t('tray.notYetRecorded', { count: 1 })).not.toEqual(t('tray.notYetRecorded', { count: 2 }));
      expect(t('tray.notYetRecorded', { count: 2 })).toContain('2');
    }
    expect(translatorFor({ messages: 'de', formats: 'de' }).t('tray.notYetRecorded', { count: 3 })).toBe(
      '3 Stempelungen noch nicht erfasst',
    );
  });

  it('makes a pseudo-locale of every English message: bracketed, accented, longer, its arguments kept', () => {
    const pseudo = catalogueOf(PSEUDO_LOCALE);
    for (const [key, message] of Object.entries(english)) {
      expect(pseudo[key]).toMatch(/^\[[\s\S]*\]$/);
      expect([...argumentsOf(pseudo[key]!)].sort()).toEqual([...argumentsOf(message)].sort());
    }
    const { t } = translatorFor({ messages: PSEUDO_LOCALE, formats: 'en' });
    const words = t('panel.stayClockedIn');
    expect(words).toMatch(/^\[.*\]$/);
    expect(words).toMatch(/[áéíöü]/);
    expect(words.length).toBeGreaterThanOrEqual(Math.round('Stay clocked in'.length * 1.3));
    expect(t('clock.sinceElapsed', { time: '8:02', elapsed: '3 h' })).toContain('8:02');
  });
});

describe('choosing the language', () => {
  it("takes the setting, else the first of the system's languages the app has, else English", () => {
    expect(chooseLocale('de', ['en-US'])).toEqual({ messages: 'de', formats: 'de' });
    expect(chooseLocale('system', ['fr-FR', 'es-MX', 'de-DE'])).toEqual({ messages: 'es', formats: 'es-MX' });
    expect(chooseLocale('system', ['fr-FR', 'ja'])).toEqual({ messages: 'en', formats: 'en' });
    expect(chooseLocale('system', ['de_AT.UTF-8', 'C'])).toEqual({ messages: 'de', formats: 'de-AT' });
    expect(chooseLocale('system', [])).toEqual({ messages: 'en', formats: 'en' });
  });

  it("formats as the system's locale of that language: en-GB keeps its 24-hour clock", () => {
    expect(chooseLocale('en', ['en-GB'])).toEqual({ messages: 'en', formats: 'en-GB' });
  });
});
