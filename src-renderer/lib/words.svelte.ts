/**
 * The window's words in the user's language: the core sends the catalogue of that language
 * (getMessages), and again when the language changes (languageChanged), so every open window
 * follows at once. `words.t` reads reactive state: text written with it is redrawn on a change.
 */
import {
  createTranslator,
  type ArgsOf,
  type MessageKey,
  type Translate,
  type Translator,
} from '../../src-main/shared/i18n/translator.ts';
import type { WindowMessages } from '../../src-main/shared/ipc/contract.ts';
import type { MessageArgs } from '../../src-main/shared/i18n/generated/message-args.ts';
import { formatMoment } from '../../src-main/shared/moments.ts';
import { api } from './api.ts';

class Words {
  private translator = $state<Translator | null>(null);
  /** False until the catalogue came: a window draws nothing in a language it does not have yet. */
  ready = $derived(this.translator !== null);

  t: Translate = (key, ...args) => this.translator?.t(key, ...args) ?? '';

  /**
   * A message with one of its arguments drawn apart (to set it in bold): the text before the
   * argument and after it, in the order the language puts them.
   */
  around = <K extends MessageKey>(key: K, args: MessageArgs[K], name: keyof MessageArgs[K] & string) => {
    const marker = '\u{E000}';
    const text = this.t(key, ...([{ ...args, [name]: marker }] as unknown as ArgsOf<K>));
    const [before = '', after = ''] = text.split(marker);
    return { before, after };
  };

  /** The formatting locale (dates, times, numbers). */
  get formats(): string | undefined {
    return this.translator?.locale.formats;
  }

  /** A moment of the wire (ISO), with its day unless today: "17:02", "17:02 am Di.", "17:02 am 17. Nov.". */
  moment = (iso: string | null): string => (iso === null ? '—' : formatMoment(Date.parse(iso), Date.now(), this.formats, this.t));

  private use(messages: WindowMessages) {
    this.translator = createTranslator(messages.locale, messages.messages);
    document.documentElement.lang = messages.locale.messages;
  }

  /** Asks for the catalogue and follows changes; returns the way to stop. */
  connect(): () => void {
    void api.getMessages().then((messages) => this.use(messages));
    return api.onLanguageChanged((messages) => this.use(messages));
  }
}

export const words = new Words();

/** The sentence to show for a failed request: the core's, already in the user's words. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : words.t('error.unexpected');
}
