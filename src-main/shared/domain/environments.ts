/**
 * Environments as the core keeps them and the windows show them: the types the IPC contract needs,
 * here on the ground floor so the contract depends on nothing above it.
 */
import type { ApiProfile, ApiProfileInput, AuthScheme } from '../api/api-profile.ts';

export interface Environment {
  id: string;
  name: string;
  timeclockBaseUrl: string;
  debtorsBaseUrl: string;
  clientId: string;
  auth: AuthScheme;
  employeeId: string;
  /** How its real services differ from our contract; absent: exactly our contract. */
  profile?: ApiProfile;
  /** What people at this company call the two systems the timeclock service reports on; absent: our defaults. */
  systemNames?: SystemNames;
  /** Where a client's access to the APIs is requested (the company's API portal): IT's, linked wherever credentials are missing or refused. */
  accessPortalUrl?: string;
}

/** Names for the systems behind the timeclock service ("Time recording", "Payroll link"). */
export interface SystemNames {
  source?: string;
  target?: string;
}

export type EnvironmentOrigin = 'builtin' | 'admin' | 'user';

/** The built-in Mock's id: no admin file or settings file may give another environment this id. */
export const MOCK_ENVIRONMENT_ID = 'mock';

/** What is wrong, per field path, in a sentence. */
export type FieldErrors = Partial<Record<string, string>>;

/** `policy`: given by IT for the computer (core/assembly/secrets.ts). */
export type SecretStorage = 'encrypted' | 'weak' | 'session' | 'none' | 'unreadable' | 'builtin' | 'policy';

/** Why a secret is kept the way it is: weak protection (allowed by the user or by IT), only until quitting, undecryptable, the demo's. */
export type SecretNote =
  | 'weak'
  | 'weakByAdmin'
  | 'sessionNoKeyring'
  | 'sessionNoEncryption'
  | 'unreadable'
  | 'otherComputer'
  | 'byPolicy'
  | 'builtin'
  | 'moved';

export interface SecretStatus {
  set: boolean;
  storage: SecretStorage;
  /** Why the secret is stored the way it is, when the user should know (worded by the window). */
  note: SecretNote | null;
}

export interface ServiceCheck {
  ok: boolean;
  reachable: boolean;
  /** Null when we never got as far as the credentials. */
  authOk: boolean | null;
  latencyMs: number | null;
  message: string;
}

export interface ProfileSuggestion {
  text: string;
  /** The profile fields to change; absent when there is nothing to set (the app copes by itself). */
  change?: ApiProfileInput;
  /** The sign-in should change (OAuth): said in words, set in the sign-in fields. */
  auth?: 'oauth-client-credentials';
  /** A sign-in to set as it is (other header names a gateway asked for). */
  signIn?: AuthScheme;
  /** New base addresses (a service that moved): proposed, never followed by themselves. */
  addresses?: { timeclockBaseUrl?: string; debtorsBaseUrl?: string };
}

export interface ConnectionReport {
  timeclock: ServiceCheck;
  debtors: ServiceCheck;
  /** What the servers' answers suggest setting in the environment's API profile, in words. */
  suggestions: ProfileSuggestion[];
}

/** One certificate of a pasted or loaded CA bundle: whose it is and until when. */
export interface CaCertificateFacts {
  subject: string;
  validTo: string;
  expired: boolean;
  isCa: boolean;
}

/** A pasted or loaded CA certificate (or a bundle of them, each in order), as the environment editor describes it. */
export type CaCertificateView =
  { ok: true; certificates: CaCertificateFacts[] } | { ok: false; problem: 'notPem' | 'unreadable' };
