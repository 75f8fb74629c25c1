/**
 * The settings and welcome windows' requests and what they show: environments, secrets, the proxy sign-in, preferences.
 */
import * as v from 'valibot';
import type { Preferences } from '../settings-schema.ts';
import type {
  CaCertificateView,
  ConnectionReport,
  Environment,
  EnvironmentOrigin,
  FieldErrors,
  SecretStatus,
} from '../domain/environments.ts';
import { draftArg, environmentId, text } from './request-args.ts';
import type { AppInfo } from './app-requests.ts';

/** An environment as a window may see it: everything but the secret, of which only the status. */
export interface EnvironmentView extends Environment {
  origin: EnvironmentOrigin;
  isMock: boolean;
  active: boolean;
  secret: SecretStatus;
  /** What a user may change: everything (their own), or only the employee id (Mock, IT's). */
  editable: 'all' | 'employee-id';
}

/** A new environment (no id yet) or changes to one. */
export type EnvironmentDraftInput = Omit<Environment, 'id'> & { id?: string };

export type SaveEnvironmentResult = { ok: true; environment: EnvironmentView } | { ok: false; errors: FieldErrors };
export type ConnectionTestResult = { ok: true; report: ConnectionReport } | { ok: false; errors: FieldErrors };

export interface SettingsView {
  preferences: Preferences;
  /** Setting paths IT locked ("monitoring.pollIntervalSeconds", "environments", …). */
  locked: string[];
  canManageEnvironments: boolean;
  /** Problems found in the admin file and in the stored settings, as sentences. */
  problems: string[];
  adminFile: string | null;
  /** Why a global shortcut could not be registered (another app has it), by its setting's path. */
  shortcutProblems: Partial<Record<GlobalShortcutPath, string>>;
}

/** Switching away from an environment with punches still waiting asks first. */
export type SwitchResult = { ok: true; info: AppInfo } | { ok: false; warning: string };
/** Deleting an environment whose punches are not all sent asks first (ok: false with the question). */
export type DeleteEnvironmentResult = { ok: true; environments: EnvironmentView[] } | { ok: false; warning: string };

/** The settings that hold a global shortcut: clock in or out, open the debtor lookup. */
export type GlobalShortcutPath = 'clock.globalShortcut' | 'lookup.globalShortcut';

/** The proxy's sign-in as a window sees it: the user name, whether IT set it, the password's status only. */
export interface ProxySignInView {
  user: string;
  userLocked: boolean;
  status: SecretStatus;
  /** The proxy (host:port) the password is for: the one that asked this session, else the one it was kept for. */
  proxy: string | null;
  /** Whether Settings shows the sign-in: a proxy asked for one, a password is kept, or IT set a user name. */
  needed: boolean;
}

export type UpdateSettingsResult = { ok: true; settings: SettingsView } | { ok: false; errors: FieldErrors };

export interface SettingsRequests {
  listEnvironments(): Promise<EnvironmentView[]>;
  saveEnvironment(draft: EnvironmentDraftInput): Promise<SaveEnvironmentResult>;
  deleteEnvironment(environmentId: string, confirmed?: boolean): Promise<DeleteEnvironmentResult>;
  /** Switches; with punches still waiting in the current environment, only once `confirmed`. */
  setActiveEnvironment(environmentId: string, confirmed?: boolean): Promise<SwitchResult>;
  /** What saving this environment would refuse, without saving (validation as you type). */
  validateEnvironment(draft: EnvironmentDraftInput): Promise<FieldErrors>;
  /** Write-only: the secret goes in, only its status comes back. */
  setEnvironmentSecret(environmentId: string, secret: string): Promise<SecretStatus>;
  /** Whose a pasted or loaded CA certificate (PEM) is and until when it is valid, or why it cannot be used. */
  describeCaCertificate(pem: string): Promise<CaCertificateView>;
  clearEnvironmentSecret(environmentId: string): Promise<SecretStatus>;
  /** The proxy's sign-in: its user name and whether a password is kept (never the password). */
  proxySignIn(): Promise<ProxySignInView>;
  /**
   * Write-only: the password goes in with its user name, for the proxy (host:port) the form showed;
   * refused (UserFacingError) when either is not usable, or when another proxy asks by now.
   */
  setProxySignIn(user: string, password: string, shownProxy: string): Promise<ProxySignInView>;
  clearProxySignIn(): Promise<ProxySignInView>;
  /** Tests a saved environment, or an unsaved draft (with a secret typed but not yet saved). */
  testConnection(request: {
    environmentId?: string;
    draft?: EnvironmentDraftInput;
    secret?: string;
  }): Promise<ConnectionTestResult>;
  getSettings(): Promise<SettingsView>;
  updateSettings(patch: Partial<Record<keyof Preferences, Record<string, unknown>>>): Promise<UpdateSettingsResult>;
  /** What saving these settings would refuse, without saving. */
  validateSettings(patch: Partial<Record<keyof Preferences, Record<string, unknown>>>): Promise<FieldErrors>;
  /** The first-run welcome was read. */
  dismissWelcome(): Promise<void>;
}

export const settingsArgs = {
  listEnvironments: v.strictTuple([]),
  saveEnvironment: v.strictTuple([draftArg]),
  deleteEnvironment: v.strictTuple([environmentId, v.optional(v.boolean())]),
  setActiveEnvironment: v.strictTuple([environmentId, v.optional(v.boolean())]),
  validateEnvironment: v.strictTuple([draftArg]),
  setEnvironmentSecret: v.strictTuple([environmentId, text(4096)]),
  describeCaCertificate: v.strictTuple([v.pipe(v.string(), v.maxLength(50_000))]),
  clearEnvironmentSecret: v.strictTuple([environmentId]),
  proxySignIn: v.strictTuple([]),
  setProxySignIn: v.strictTuple([text(200), text(1024), text(300)]),
  clearProxySignIn: v.strictTuple([]),
  testConnection: v.strictTuple([
    v.strictObject({ environmentId: v.optional(environmentId), draft: v.optional(draftArg), secret: v.optional(text(4096)) }),
  ]),
  getSettings: v.strictTuple([]),
  updateSettings: v.strictTuple([v.record(text(50), v.record(text(100), v.unknown()))]),
  validateSettings: v.strictTuple([v.record(text(50), v.record(text(100), v.unknown()))]),
  dismissWelcome: v.strictTuple([]),
} satisfies { [K in keyof SettingsRequests]: v.GenericSchema<unknown, Parameters<SettingsRequests[K]>> };
