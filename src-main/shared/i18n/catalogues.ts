/**
 * Every language's catalogue, for the main process (the windows are sent theirs over IPC, so no
 * window carries the languages it does not show). The pseudo-locale is made from English.
 */
import de from './messages/de.json';
import en from './messages/en.json';
import es from './messages/es.json';
import { createTranslator, type Catalogue, type Translator } from './translator.ts';
import { PSEUDO_LOCALE, type AppLocale, type MessageLocale } from './locales.ts';
import { pseudoMessage } from './pseudo.ts';

let pseudo: Catalogue | null = null;
const pseudoCatalogue = () =>
  (pseudo ??= Object.fromEntries(Object.entries(en).map(([key, text]) => [key, pseudoMessage(text)])));

export const catalogues: Record<Exclude<MessageLocale, typeof PSEUDO_LOCALE>, Catalogue> = { en, de, es };

export function catalogueOf(locale: MessageLocale): Catalogue {
  return locale === PSEUDO_LOCALE ? pseudoCatalogue() : catalogues[locale];
}

export const translatorFor = (locale: AppLocale): Translator => createTranslator(locale, catalogueOf(locale.messages), en);

/** English, for what is not yet told its user's language and for tests. */
export const english: Translator = translatorFor({ messages: 'en', formats: 'en' });
