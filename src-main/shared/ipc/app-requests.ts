/**
 * What every window asks: who the app is, its words, and another window opened.
 */
import * as v from 'valibot';
import type { AppLocale } from '../i18n/locales.ts';
import type { Catalogue } from '../i18n/translator.ts';

/** What a window needs to speak the user's language: the locale and the catalogue of its messages. */
export interface WindowMessages {
  locale: AppLocale;
  messages: Catalogue;
}

export interface EnvironmentSummary {
  id: string;
  name: string;
  isMock: boolean;
  /** IT's API portal, where access is requested: linked where credentials are missing or refused. */
  accessPortalUrl?: string;
}

export interface AppInfo {
  productName: string;
  version: string;
  environment: EnvironmentSummary;
}

/** Sections of the settings window, to open it at one. */
export type SettingsSection = 'environments' | 'monitoring' | 'clock' | 'lookup' | 'general';

export interface AppRequests {
  getAppInfo(): Promise<AppInfo>;
  /** The user's language and its catalogue (pushed again as languageChanged when it changes). */
  getMessages(): Promise<WindowMessages>;
  openWindow(window: 'status' | 'hours' | 'settings' | 'lookup', section?: SettingsSection): Promise<void>;
  /** Windows: whether to show where to pin the tray icon (it sits in the overflow, ^, until the user moves it). */
  trayPinHint(): Promise<boolean>;
  /** The hint was read ("Got it"): not shown again. */
  dismissTrayPinHint(): Promise<void>;
}

export const appArgs = {
  getAppInfo: v.strictTuple([]),
  getMessages: v.strictTuple([]),
  openWindow: v.strictTuple([
    v.picklist(['status', 'hours', 'settings', 'lookup']),
    v.optional(v.picklist(['environments', 'monitoring', 'clock', 'lookup', 'general'])),
  ]),
  trayPinHint: v.strictTuple([]),
  dismissTrayPinHint: v.strictTuple([]),
} satisfies { [K in keyof AppRequests]: v.GenericSchema<unknown, Parameters<AppRequests[K]>> };
