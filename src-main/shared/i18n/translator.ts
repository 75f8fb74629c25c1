/**
 * Words in the user's language: `t(key, args)` formats a message of the catalogue with ICU
 * MessageFormat (plurals, selects, numbers). The keys and their arguments are types generated from
 * the English catalogue (npm run gen:messages), so a missing key or argument does not compile.
 * The main process holds every catalogue; a window is sent the one it needs.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageArgs } from './generated/message-args.ts';
import type { AppLocale } from './locales.ts';

export type MessageKey = keyof MessageArgs;
/** The messages of one language, by key. */
export type Catalogue = Readonly<Record<string, string>>;
export type ArgsOf<K extends MessageKey> = [MessageArgs[K]] extends [never] ? [] : [MessageArgs[K]];
export type Translate = <K extends MessageKey>(key: K, ...args: ArgsOf<K>) => string;
/** A message without arguments: what labels and titles are. */
export type PlainKey = { [K in MessageKey]: [MessageArgs[K]] extends [never] ? K : never }[MessageKey];

export interface Translator {
  readonly locale: AppLocale;
  readonly t: Translate;
}

/** `fallback` (English) answers a key the language lacks; the catalogue check keeps that from shipping. */
export function createTranslator(locale: AppLocale, catalogue: Catalogue, fallback: Catalogue = catalogue): Translator {
  const formats = new Map<string, IntlMessageFormat>();
  const formatOf = (key: string) => {
    let format = formats.get(key);
    if (!format) {
      const message = catalogue[key] ?? fallback[key] ?? key;
      format = new IntlMessageFormat(message, locale.formats);
      formats.set(key, format);
    }
    return format;
  };
  const t: Translate = (key, ...args) => String(formatOf(key).format(args[0] as Record<string, string | number>));
  return { locale, t };
}
