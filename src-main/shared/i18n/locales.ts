/**
 * The languages the app speaks, and which one a user gets: the setting when it names one, else the
 * first of the operating system's preferred languages the app has, else English. Dates, times and
 * numbers follow the system's own locale when it is of that language (de-AT, en-GB's 24-hour clock).
 */
export const LANGUAGES = ['en', 'de', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Accented, 40 % longer and bracketed English, for tests: text not from the catalogue stands out. */
export const PSEUDO_LOCALE = 'en-XA';
export type MessageLocale = Language | typeof PSEUDO_LOCALE;

/** The Settings choice: the system's language, or one of the app's. */
export const LANGUAGE_SETTINGS = ['system', ...LANGUAGES] as const;
export type LanguageSetting = (typeof LANGUAGE_SETTINGS)[number];

/** Each language's name in itself, as the Settings list shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch', es: 'Español' };

export interface AppLocale {
  /** Whose words. */
  messages: MessageLocale;
  /** Whose formats (a BCP 47 tag for Intl). */
  formats: string;
}

const baseOf = (tag: string) => tag.toLowerCase().split(/[-_]/)[0] ?? '';
const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** A tag Intl accepts, or null (the OS may hand over "C" or "en_US.UTF-8"). */
function intlTag(tag: string): string | null {
  try {
    return Intl.getCanonicalLocales(tag.replace(/\..*$/, '').replace(/_/g, '-'))[0] ?? null;
  } catch {
    return null;
  }
}

export function chooseLocale(setting: LanguageSetting | typeof PSEUDO_LOCALE, systemLanguages: readonly string[]): AppLocale {
  if (setting === PSEUDO_LOCALE) return { messages: PSEUDO_LOCALE, formats: 'en' };
  const system = systemLanguages.map(intlTag).filter((tag): tag is string => tag !== null);
  const language = setting !== 'system' ? setting : (system.map(baseOf).find(isLanguage) ?? 'en');
  return { messages: language, formats: system.find((tag) => baseOf(tag) === language) ?? language };
}
