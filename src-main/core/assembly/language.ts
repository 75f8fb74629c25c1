import type { WindowMessages } from '../../shared/ipc/contract.ts';
import { catalogueOf, translatorFor } from '../../shared/i18n/catalogues.ts';
import { chooseLocale } from '../../shared/i18n/locales.ts';
import type { Translate, Translator } from '../../shared/i18n/translator.ts';
import type { SettingsService } from '../settings/settings-service.ts';

/** The user's language, from the setting and the system's languages; tells when it changes. */
export function createLanguage(settings: SettingsService, systemLanguages: () => readonly string[] = () => []) {
  const localeNow = () => chooseLocale(settings.preferences().general.language, systemLanguages());
  let current: Translator = translatorFor(localeNow());
  const listeners = new Set<() => void>();
  settings.onChange(() => {
    const locale = localeNow();
    if (locale.messages === current.locale.messages && locale.formats === current.locale.formats) return;
    current = translatorFor(locale);
    for (const listener of listeners) listener();
  });
  /** Words in the user's language as it is at each call: what the services keep and use. */
  const t: Translate = (key, ...args) => current.t(key, ...args);
  return {
    t,
    translator: () => current,
    messages: (): WindowMessages => ({ locale: current.locale, messages: catalogueOf(current.locale.messages) }),
    onChange: (listener: () => void) => void listeners.add(listener),
  };
}

export type Language = ReturnType<typeof createLanguage>;
