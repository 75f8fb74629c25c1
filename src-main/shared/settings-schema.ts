/**
 * The settings a user (or IT) can change, as one valibot schema with a default for every field.
 * It is the single source of truth: the core validates and repairs with it, and the shell derives
 * electron-store's JSON Schema from it.
 */
import * as v from 'valibot';
import { apiProfileSchema, authSchemeSchema } from './api/api-profile.ts';
import { acceleratorProblem, normalizeAccelerator } from './accelerator.ts';
import { LANGUAGE_SETTINGS, PSEUDO_LOCALE } from './i18n/locales.ts';
import { itUrlProblem, type ItUrlRule } from './it-url.ts';

const seconds = (min: number, max: number, fallback: number) =>
  v.optional(v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max)), fallback);
/**
 * Rules with a name instead of a sentence as their message: the core turns a broken rule into a
 * fact (sparse-clean.ts) that is worded in the user's language where it is shown.
 */
export const RULES = {
  clockTime: 'clockTime',
  shortcut: 'shortcut',
  updateUrl: 'updateUrl',
  collectorUrl: 'collectorUrl',
  witnessUrl: 'witnessUrl',
  statusPageUrl: 'statusPageUrl',
  holidayRegion: 'holidayRegion',
  monthDay: 'monthDay',
  calendarDay: 'calendarDay',
  percent: 'percent',
} as const;

/** The rules whose broken value is said with an example of the right shape (value-problem-words.ts). */
export const SHAPE_RULES = [RULES.clockTime, RULES.holidayRegion, RULES.monthDay, RULES.calendarDay, RULES.percent] as const;
export type ShapeRule = (typeof SHAPE_RULES)[number];

/**
 * The addresses IT gives besides the services (shared/it-url.ts): none may carry a user name or
 * password; the update feed only https (what it names is run as code), the collector https but on
 * this computer itself.
 */
export const URL_RULES: Record<string, ItUrlRule> = {
  [RULES.updateUrl]: { https: 'always' },
  [RULES.collectorUrl]: { https: 'exceptLoopback' },
  [RULES.witnessUrl]: { https: 'either' },
  [RULES.statusPageUrl]: { https: 'either' },
};

const itUrl = (rule: keyof typeof URL_RULES, maxLength: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.maxLength(maxLength),
      v.check((text) => itUrlProblem(text, URL_RULES[rule]!) === null, rule),
    ),
    '',
  );

/** A percentage as IT writes it ("99.5", "99,5", "100"); empty: none. */
const percentText = v.optional(v.pipe(v.string(), v.regex(/^(|100|\d{1,2}([.,]\d{1,3})?)$/, RULES.percent)), '');

const clockTime = (fallback: string) =>
  v.optional(v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, RULES.clockTime)), fallback);

export { authSchemeSchema };

const systemName = v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(40)));
/** What the company calls the two systems behind the timeclock service. */
export const systemNamesSchema = v.object({ source: systemName, target: systemName });

export const storedEnvironmentSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/)),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(60)),
  timeclockBaseUrl: v.string(),
  debtorsBaseUrl: v.string(),
  clientId: v.string(),
  auth: authSchemeSchema,
  employeeId: v.string(),
  /** How this environment's real services differ from our contract (absent: the contract). */
  profile: v.optional(apiProfileSchema),
  systemNames: v.optional(systemNamesSchema),
  accessPortalUrl: v.optional(v.pipe(v.string(), v.maxLength(2000))),
});

export const monitoringSchema = v.object({
  pollIntervalSeconds: seconds(10, 3600, 25),
  timeoutSeconds: seconds(2, 60, 10),
  latencyThresholdMs: seconds(100, 60_000, 2000),
  reminderMinutes: seconds(0, 1440, 60),
  notifications: v.optional(v.boolean(), true),
  sound: v.optional(v.boolean(), false),
  quietHours: v.optional(
    v.object({ enabled: v.optional(v.boolean(), false), start: clockTime('19:00'), end: clockTime('07:00') }),
    {},
  ),
  /**
   * An address IT names whose answer proves this computer's network works (an intranet page),
   * when nothing of the environment answers: empty, none. Any HTTP answer counts.
   */
  witnessUrl: itUrl(RULES.witnessUrl, 2000),
  /**
   * One system needs the other (IT knows which): while the one it needs is down, the dependent's
   * outage is not told apart (it is still checked and shown); its recovery always is.
   */
  dependsOn: v.optional(v.picklist(['none', 'target-on-source', 'source-on-target']), 'none'),
  /**
   * The status page IT runs (its API: Statuspage's summary.json, Uptime Kuma's or Gatus's): read
   * every `minutes`, what it publishes shown in the status window; empty: none.
   */
  statusPage: v.optional(v.object({ url: itUrl(RULES.statusPageUrl, 2000), minutes: seconds(1, 60, 5) }), {}),
  /** Each system's uptime target in percent ("99.5"; empty: none): this month's uptime is shown against it. */
  uptimeTarget: v.optional(v.object({ source: percentText, target: percentText }), {}),
  /** A notification 15 minutes before each maintenance window begins (IT's choice; off by default). */
  maintenanceNotice: v.optional(v.boolean(), false),
  /**
   * Maintenance windows IT sets (local time, on the weekdays given, 0 = Sunday; a window may run over
   * midnight): no health notifications then, and the status window says so. An outage still going
   * on after a window is told then.
   */
  maintenance: v.optional(
    v.pipe(
      v.array(
        v.object({
          from: clockTime('22:00'),
          until: clockTime('23:00'),
          weekdays: v.optional(v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6))), [0, 1, 2, 3, 4, 5, 6]),
          /** What is maintained ("Payroll link"), and why ("database upgrade"): said in the status window and the panel. */
          title: v.optional(v.pipe(v.string(), v.maxLength(80)), ''),
          reason: v.optional(v.pipe(v.string(), v.maxLength(200)), ''),
        }),
      ),
      v.maxLength(10),
    ),
    [],
  ),
});

/** An optional global shortcut in Electron's accelerator syntax; none by default. */
const globalShortcut = v.optional(
  v.nullable(
    v.pipe(
      v.string(),
      v.maxLength(60),
      v.transform(normalizeAccelerator), // "Strg+Alt+T" as the German keyboard says it
      v.check((text) => acceleratorProblem(text) === null, RULES.shortcut),
    ),
  ),
  null,
);

/**
 * Working-time rules IT sets (a user may set targets for themselves): `rules` "germany" is the
 * Arbeitszeitgesetz (at most 10 h a day; 30 min of breaks after 6 h, 45 min after 9 h); "custom"
 * takes maxDayMinutes (0: none) and requiredBreaks. Targets of 0 are none.
 */
const workingTimeSchema = v.optional(
  v.object({
    rules: v.optional(v.picklist(['none', 'germany', 'custom']), 'none'),
    maxDayMinutes: seconds(0, 1440, 0),
    requiredBreaks: v.optional(
      v.pipe(v.array(v.object({ afterMinutes: seconds(1, 1440, 360), minutes: seconds(1, 240, 30) })), v.maxLength(5)),
      [],
    ),
    dailyTargetMinutes: seconds(0, 1440, 0),
    weeklyTargetMinutes: seconds(0, 10080, 0),
    /** The daily rest between two working days, in hours (11 in the EU, 12 in Spain); 0: not watched. */
    dailyRestHours: seconds(0, 24, 11),
    /** The weekly rest in any seven days, in hours (35 in the EU, 36 in Spain); 0: not watched. */
    weeklyRestHours: seconds(0, 72, 35),
    /** Night work is counted apart from this local time until nightUntil (over midnight when later); equal: not counted. */
    nightFrom: clockTime('23:00'),
    nightUntil: clockTime('06:00'),
    /** The days with a target (0 = Sunday … 6 = Saturday): a weekly target is shared among them. */
    workdays: v.optional(
      v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6))), v.maxLength(7)),
      [1, 2, 3, 4, 5],
    ),
  }),
  {},
);

/**
 * Public holidays take a day out of the targets: `region` is a country ("DE") or a country and its
 * state ("DE-BY", "ES-MD", "US-NY"), as date-holidays names them; empty: none. `halfDays` are the
 * month-days the company works half ("12-24", "12-31").
 */
const holidaysSchema = v.optional(
  v.object({
    region: v.optional(
      v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^([A-Z]{2}(-[A-Z0-9]{1,3})?)?$/, RULES.holidayRegion)),
      '',
    ),
    halfDays: v.optional(
      v.pipe(v.array(v.pipe(v.string(), v.regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, RULES.monthDay))), v.maxLength(10)),
      [],
    ),
  }),
  {},
);

/**
 * The flexitime balance starts on `openingDate` (YYYY-MM-DD; empty: the first day this computer saw
 * a shift) with `openingMinutes` carried over (negative: hours owed). The employee's, or IT's for
 * everyone at a cut-over.
 */
const flexitimeSchema = v.optional(
  v.object({
    openingDate: v.optional(
      v.pipe(v.string(), v.regex(/^(\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]))?$/, RULES.calendarDay)),
      '',
    ),
    openingMinutes: seconds(-60_000, 60_000, 0),
  }),
  {},
);

export const clockSchema = v.object({
  longShiftHours: seconds(1, 24, 10),
  globalShortcut,
  notClockedInReminder: v.optional(
    v.object({
      enabled: v.optional(v.boolean(), false),
      time: clockTime('09:15'),
      weekdays: v.optional(v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6))), [1, 2, 3, 4, 5]),
    }),
    {},
  ),
  sleepPromptMinutes: seconds(5, 1440, 30),
  /**
   * Clocked in when the computer slept, locked, shut down or logged off for longer than
   * sleepPromptMinutes: ask at the return or next start, clock out at that moment by itself, or nothing.
   */
  whenComputerStops: v.optional(v.picklist(['ask', 'clock-out', 'nothing']), 'ask'),
  /** The last keyboard or mouse input before a stop is kept and shown beside that question; off: never kept. */
  lastInputEvidence: v.optional(v.boolean(), true),
  /** A punch waits this long before it is sent, so a mistaken click can be undone; 0: sent at once. */
  undoSeconds: seconds(0, 60, 10),
  /** The employee's name as the panel shows it, when the timeclock service gives none. */
  displayName: v.optional(v.pipe(v.string(), v.maxLength(100)), ''),
  /** "Take a break": a reminder when it has lasted this long. */
  breakMinutes: seconds(5, 240, 30),
  workingTime: workingTimeSchema,
  holidays: holidaysSchema,
  flexitime: flexitimeSchema,
  /** How hours are written: "7 h 30 min" (words), "7:30 h" (clock) or "7.5 h" (decimal). */
  hoursFormat: v.optional(v.picklist(['words', 'clock', 'decimal']), 'words'),
  /**
   * Calendar years the hours journal, the absences and the trace of corrections are kept, this one
   * included (Spain: four, art. 34.9 ET); nothing older is kept. At least two: the flexitime balance
   * counts this year and last.
   */
  keepYears: seconds(2, 10, 2),
  /** The day My hours starts the week on: as the user's language has it (Sunday in the US), or one IT sets. */
  firstDayOfWeek: v.optional(v.picklist(['locale', 'monday', 'sunday', 'saturday']), 'locale'),
  /** Still clocked in at this time of day: a reminder with "Clock out" as its button, once a day. */
  endOfDayReminder: v.optional(v.object({ enabled: v.optional(v.boolean(), false), time: clockTime('17:30') }), {}),
});

/**
 * The record of who opened which debtor, when and why (core/lookup/access-record.ts): kept
 * `keepMonths` (0: not kept); a purpose asked never, once per run, or for each debtor, from IT's
 * `purposes` (empty: the analyst writes it).
 */
const accessRecordSchema = v.optional(
  v.object({
    keepMonths: seconds(0, 120, 12),
    askPurpose: v.optional(v.picklist(['never', 'once', 'each-debtor']), 'never'),
    purposes: v.optional(v.pipe(v.array(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))), v.maxLength(20)), []),
  }),
  {},
);

export const lookupSchema = v.object({
  autoRefreshMinutes: seconds(0, 1440, 5),
  /**
   * Closed this long, the lookup forgets its data, where its lists are not kept on disk (kept, it
   * gives its memory back after 30 s: lookup-service.ts). A working day by default: re-loading the
   * lists on every open costs the debtors service a full load each time (63 MB at 100,000 debtors;
   * the fleet simulation in docs/benchmarks.md), where a delta would do.
   */
  idleClearMinutes: seconds(1, 1440, 480),
  globalShortcut,
  /**
   * Keep the lists on disk between runs (encrypted, lookup-cache.ts), so the first open of the day
   * is a delta; off: every first open loads them whole, and the files go.
   */
  keepOnDisk: v.optional(v.boolean(), true),
  /** Which debtors the analyst looked at lately, and when, are kept between runs (pinned ones always are). */
  rememberLookedAt: v.optional(v.boolean(), true),
  /** A desktop notification when a sync finds a pinned debtor's scores or status changed. */
  notifyPinnedChanges: v.optional(v.boolean(), true),
  accessRecord: accessRecordSchema,
  /** The share of a client's book (per cent) one debtor may hold under the factoring contract; 0: none is marked. */
  concentrationLimitPercent: seconds(0, 100, 25),
});

export const generalSchema = v.object({
  /** On for every install: at 8:00 the app must already be in the tray. The Welcome window offers to turn it off. */
  startAtLogin: v.optional(v.boolean(), true),
  /** A start at login waits this long before the app loads (core/settings/start-delay.ts); 0: none. */
  startDelaySeconds: seconds(0, 600, 0),
  theme: v.optional(v.picklist(['system', 'light', 'dark']), 'system'),
  /** The system's language, or one of the app's; the pseudo-locale is for tests and is not offered. */
  language: v.optional(v.picklist([...LANGUAGE_SETTINGS, PSEUDO_LOCALE]), 'system'),
});

export const networkSchema = v.object({
  requestTimeoutSeconds: seconds(1, 120, 10),
  maxResponseMegabytes: seconds(1, 2000, 200),
  /** The proxy's user name, for a proxy that wants Basic sign-in (its password is kept in the vault); empty: none. */
  proxyUser: v.optional(v.pipe(v.string(), v.maxLength(200), v.excludes(':')), ''),
});

export const securitySchema = v.object({
  /** Explicit opt-in: keep secrets where only weak protection exists (Linux without a keyring). */
  allowWeakSecretStorage: v.optional(v.boolean(), false),
});

/** Updates, which IT controls (docs/admin-file.md, "Updates"): nothing is asked of a server unless one is set. */
export const updatesSchema = v.object({
  /** off: IT deploys versions itself; notify: check and tell; install: download, and install when the app quits. */
  mode: v.optional(v.picklist(['off', 'notify', 'install']), 'install'),
  /** The company's own update server (electron-builder's generic provider), https only; empty: none. */
  serverUrl: itUrl(RULES.updateUrl, 500),
  channel: v.optional(v.picklist(['stable', 'beta']), 'stable'),
  checkEveryHours: seconds(1, 168, 6),
  /** No install between these times (when staff clock in), 24-hour; equal times: no such window. */
  noInstallFrom: clockTime('07:30'),
  noInstallUntil: clockTime('09:30'),
});

/**
 * The update settings that decide whose code is installed: set by IT (admin file, policy) or, where
 * IT set none of them, by the person at the keyboard in Settings with a confirmation (kept sealed
 * in the vault: core/updates/update-source.ts) — never by a window's request alone, nor by an edit
 * of the settings file.
 */
export const UPDATE_SOURCE_KEYS = ['mode', 'serverUrl', 'channel'] as const;
export type UpdateSource = Partial<Pick<v.InferOutput<typeof updatesSchema>, (typeof UPDATE_SOURCE_KEYS)[number]>>;
export const isUpdateSourcePath = (path: string) =>
  path === 'updates' || UPDATE_SOURCE_KEYS.some((key) => path === `updates.${key}`);

/**
 * Fleet health for IT (docs/admin-file.md, "Fleet health"): off unless IT turns it on; a few
 * metrics to the company's own OpenTelemetry Collector, never who the employee is unless allowed.
 */
export const fleetSchema = v.object({
  enabled: v.optional(v.boolean(), false),
  /** The Collector's OTLP/HTTP address (https://otel.example.com:4318); /v1/metrics is added. */
  endpoint: itUrl(RULES.collectorUrl, 500),
  intervalSeconds: seconds(15, 3600, 60),
  includeEmployee: v.optional(v.boolean(), false),
  /** The workstation's name (host.name): often the employee's in disguise (WS-JSMITH-LAPTOP), so off unless IT allows it. */
  includeWorkstation: v.optional(v.boolean(), false),
  /** Who opened which debtor (the lookup's access record) goes to the collector as OpenTelemetry logs too. */
  sendAccessRecord: v.optional(v.boolean(), true),
  /** The debtor's name goes with each entry of the access record (otherwise its key alone). */
  includeDebtorName: v.optional(v.boolean(), false),
  /** A header for a collector that wants credentials (Authorization, X-Api-Key …); empty: none. */
  headerName: v.optional(v.pipe(v.string(), v.maxLength(100), v.regex(/^([!#$%&'*+.^_`|~0-9A-Za-z-]+)?$/)), ''),
  /** Its value, from IT (admin file, policy): redacted from the log and support info. */
  headerValue: v.optional(v.pipe(v.string(), v.maxLength(2000), v.regex(/^[^\r\n]*$/)), ''),
});

/** Settings whose value is a credential: said as set or not, never shown (support info). */
export const SECRET_SETTINGS: readonly string[] = ['fleet.headerValue'];

/** The sections of preferences; each is repaired field by field. */
export const preferenceSections = {
  monitoring: monitoringSchema,
  clock: clockSchema,
  lookup: lookupSchema,
  general: generalSchema,
  network: networkSchema,
  security: securitySchema,
  updates: updatesSchema,
  fleet: fleetSchema,
} as const;

export type SectionName = keyof typeof preferenceSections;
export type Preferences = { [K in SectionName]: v.InferOutput<(typeof preferenceSections)[K]> };
export type StoredEnvironment = v.InferOutput<typeof storedEnvironmentSchema>;

export const SETTINGS_VERSION = 1;

/** The whole persisted document (secrets live apart, in the vault's own key). */
export const settingsDocumentSchema = v.object({
  schemaVersion: v.optional(v.number(), SETTINGS_VERSION),
  activeEnvironmentId: v.optional(v.string()),
  environments: v.optional(v.array(storedEnvironmentSchema), []),
  ...Object.fromEntries(Object.entries(preferenceSections).map(([name, schema]) => [name, v.optional(schema, {})])),
  /** The first-run welcome was shown. */
  welcomed: v.optional(v.boolean()),
  /** Windows: the tray icon's pin hint was dismissed. */
  trayPinHintDismissed: v.optional(v.boolean()),
  environmentOverrides: v.optional(v.record(v.string(), v.object({ employeeId: v.optional(v.string()) })), {}),
  vault: v.optional(
    v.record(
      v.string(),
      v.object({
        data: v.string(),
        weak: v.boolean(),
        binding: v.optional(v.string()),
        sealed: v.optional(v.boolean()),
        computer: v.optional(v.string()),
      }),
    ),
    {},
  ),
  /** This version started once: secrets of older versions without a binding are not adopted any more (core/security/vault.ts). */
  vaultSealed: v.optional(v.boolean()),
});

export function defaultPreferences(): Preferences {
  return Object.fromEntries(
    Object.entries(preferenceSections).map(([name, schema]) => [name, v.parse(schema, {})]),
  ) as Preferences;
}
