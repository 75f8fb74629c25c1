/**
 * What each setting IT can set does, in a sentence for IT (English, as the admin file's keys are):
 * the one thing the settings schema cannot say. Type, range, options and default come from the
 * schema itself (`policy-keys.ts`); the admin file's settings reference, the ADMX explain texts and
 * the JSON Schemas are generated from both. `setting-descriptions.test.ts` keeps this list to the
 * schema's keys exactly.
 */
export const SETTING_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'monitoring.pollIntervalSeconds':
    'How often each health route is checked. Both routes of every workstation: 2 × workstations ÷ interval requests a second.',
  'monitoring.timeoutSeconds': 'How long a health check may take before it counts as failed.',
  'monitoring.latencyThresholdMs': 'A system answering slower than this (p95 of the last 20 checks) is shown as slow.',
  'monitoring.reminderMinutes': 'How often an outage is told again while it lasts; 0: never.',
  'monitoring.notifications': 'Desktop notifications of health changes.',
  'monitoring.sound': 'Notifications with their sound.',
  'monitoring.quietHours.enabled': 'No health notifications between the start and end of quiet hours.',
  'monitoring.quietHours.start': 'When quiet hours begin (local time).',
  'monitoring.quietHours.end': 'When quiet hours end (local time; may be the next morning).',
  'monitoring.witnessUrl':
    'An address on the company network (an intranet page) whose answer proves the network works when nothing of the environment answers, so a gateway that hangs is told as an outage; any HTTP answer counts. Empty: none.',
  'monitoring.dependsOn':
    'One system needs the other: `target-on-source` (the second system, "Payroll link" by default, needs the first, "Time recording"), `source-on-target`, or `none`. While the one it needs is down, the dependent\'s outage is not told apart (it is still checked and shown); its recovery is always told.',
  'monitoring.statusPage.url':
    "The address of the status page IT runs, as its API: Atlassian Statuspage's (or a compatible page's) `https://status.example.com/api/v2/summary.json`, Uptime Kuma's `https://…/api/status-page/<slug>` or Gatus's `https://…/api/v1/endpoints/statuses`. What it publishes (incidents with their latest update, maintenance, what fails) is shown in the status window and each new incident told once; its maintenance under way silences outage notifications. Empty: none.",
  'monitoring.statusPage.minutes':
    'How often the status page is read; a page that cannot be read is read less often, up to once an hour.',
  'monitoring.uptimeTarget.source':
    'The uptime target of the first system ("Time recording" by default) in percent, `99.5` or `99,5`: the status window shows this month\'s uptime against it and the downtime still allowed, and the outage CSV carries both. Empty: none.',
  'monitoring.uptimeTarget.target': 'The uptime target of the second system ("Payroll link" by default), as above. Empty: none.',
  'monitoring.maintenanceNotice': 'A notification 15 minutes before each maintenance window begins.',
  'monitoring.maintenance':
    'Maintenance windows: `[{ "from": "22:00", "until": "02:00", "weekdays": [6], "title": "Payroll link", "reason": "database upgrade" }]` (local time, 0 = Sunday, all days by default, over midnight allowed; title up to 80 characters, reason up to 200; at most 10). No health notifications inside one; an outage still going on after it is told then.',
  'clock.longShiftHours': 'After this long clocked in the employee is reminded, and "Forgot to clock out?" is offered.',
  'clock.globalShortcut':
    'A key combination that clocks in or out from anywhere, in Electron accelerator syntax (`CommandOrControl+Alt+T`). Empty: none.',
  'clock.notClockedInReminder.enabled': 'A reminder on workdays when nobody clocked in by the set time.',
  'clock.notClockedInReminder.time': 'When the not-clocked-in reminder comes (local time).',
  'clock.notClockedInReminder.weekdays': 'The days of that reminder, 0 = Sunday … 6 = Saturday.',
  'clock.sleepPromptMinutes':
    'Time away from the computer (sleep, lock, shut-down) after which `clock.whenComputerStops` applies.',
  'clock.whenComputerStops':
    'What happens after time away while clocked in: `ask` whether to clock out when it began, `clock-out` at that moment by itself, or `nothing`.',
  'clock.lastInputEvidence':
    'Whether the moment of the last keyboard or mouse input before the computer stopped is kept (on this computer, until the question after time away is answered) and shown beside that question as evidence. Off: it is never kept. With `clock.whenComputerStops: nothing`, no stop is kept at all.',
  'clock.undoSeconds': 'How long a punch can be undone before it is sent; 0: sent at once.',
  'clock.displayName': "The employee's name as the panel shows it, where the timeclock service gives none. Empty: none.",
  'clock.breakMinutes': 'When "Take a break" reminds the employee to come back.',
  'clock.workingTime.rules':
    'Working-time rules: `germany` (Arbeitszeitgesetz: at most 10 hours a day, 30 minutes of breaks after 6 hours, 45 after 9), `custom` (the maximum and breaks below), or `none`.',
  'clock.workingTime.maxDayMinutes': 'The longest working day, with `custom` rules; 0: none.',
  'clock.workingTime.requiredBreaks':
    'Breaks required with `custom` rules: `[{ "afterMinutes": 360, "minutes": 30 }]`, at most 5.',
  'clock.workingTime.dailyRestHours':
    'The rest asked between two working days, in hours: 11 (ArbZG §5, EU directive 2003/88 art. 3), 12 in Spain (art. 34.3 ET). The panel says until when it lasts, a clock-in within it asks first and the acceptance is traced, and My time marks the days that began after a shorter rest. 0: not watched.',
  'clock.workingTime.weeklyRestHours':
    'The uninterrupted rest asked in any seven days, in hours: 35 (EU directive art. 5: 24 plus the daily 11), 36 in Spain (art. 37.1 ET). My time warns when the last seven days had none as long. 0: not watched.',
  'clock.workingTime.nightFrom':
    'Where night work begins (local time), for My time and the export to count it apart: `23:00` in Germany (ArbZG §2), `22:00` in Spain (art. 36 ET). Sunday and public-holiday work (the region below) are counted apart too.',
  'clock.workingTime.nightUntil':
    'Where night work ends (local time): `06:00` in both. The same time as `nightFrom`: night work is not counted.',
  'clock.workingTime.dailyTargetMinutes': 'The hours a workday asks, in minutes; 0: none.',
  'clock.workingTime.weeklyTargetMinutes': 'The hours a week asks, in minutes, shared among the workdays; 0: none.',
  'clock.workingTime.workdays': 'The days with a target, 0 = Sunday … 6 = Saturday.',
  'clock.holidays.region':
    'Whose public holidays take their day out of the targets: a country or country and state as date-holidays names them (`DE`, `DE-BY`, `ES-MD`). Empty: none.',
  'clock.holidays.halfDays': 'Month-days worked half, `["12-24", "12-31"]`, at most 10.',
  'clock.flexitime.openingDate':
    "The flexitime balance's first day, `YYYY-MM-DD`. Empty: the first day this computer saw a shift.",
  'clock.flexitime.openingMinutes': 'The balance carried over to that day, in minutes; negative: owed.',
  'clock.keepYears':
    'How many calendar years of the hours journal, the absences and corrections and the trace of corrections this computer keeps, this year included: `4` in Spain (art. 34.9 Estatuto de los Trabajadores), `2` in Germany (ArbZG §16). Nothing older is kept; at least 2, as the flexitime balance counts this year and last.',
  'clock.hoursFormat': 'How hours are written: `words` ("7 h 30 min"), `clock` ("7:30 h") or `decimal` ("7.5 h").',
  'clock.firstDayOfWeek':
    "The first day of My time's week; `locale`: as the user's language has it (Monday in Germany and Spain).",
  'clock.endOfDayReminder.enabled': 'A reminder to clock out at the end of the day, with a Clock out button.',
  'clock.endOfDayReminder.time': 'When the end-of-day reminder comes (local time).',
  'lookup.autoRefreshMinutes': 'How often the debtor lookup asks for changes while it is open; 0: only when asked.',
  'lookup.idleClearMinutes':
    'Without the lists kept on disk (`lookup.keepOnDisk` off): how long the lookup keeps its data in memory after its window closes. Shorter means a full reload (63 MB at 100,000 debtors) on the next open. With the lists on disk the lookup gives its memory back 30 seconds after closing, and the next open reads them from disk (about a second at 100,000 debtors) and asks for the changes only.',
  'lookup.globalShortcut': 'A key combination that opens the debtor lookup from anywhere. Empty: none.',
  'lookup.keepOnDisk':
    'Keep the debtor lists on the workstation between runs, encrypted with a key the operating system protects, so the first open of the day is a delta, and the lookup gives its memory back 30 seconds after its window closes (the next open reads the lists from disk); off removes them.',
  'lookup.rememberLookedAt':
    'Whether the debtors an analyst looked at lately (the last 20) and when each was last opened are kept between runs, encrypted, on this computer, for "Recently looked at" and "changed since you last looked". Off: kept for the session only. Pinned debtors and their score history are kept either way.',
  'lookup.notifyPinnedChanges': "A notification when a sync finds a pinned debtor's scores or status changed.",
  'lookup.concentrationLimitPercent':
    "The share of a client's book one debtor may hold under your factoring contract's concentration clause, in per cent; debtors past it are marked in the client's book. `0`: none is marked.",
  'lookup.accessRecord.keepMonths':
    'How many months this computer keeps its record of who opened which debtor, when and why (the date and purpose of each consultation, which a debtor who is a person may ask to see). Older entries leave the disk. `0`: no record is kept.',
  'lookup.accessRecord.askPurpose':
    '`never`; `once`: the analyst says why once per run of the app; `each-debtor`: for each debtor opened (a legitimate interest per query), the last purpose offered first and a debtor opened within 30 minutes not asked about again.',
  'lookup.accessRecord.purposes':
    'The purposes an analyst chooses from, at most 20 (`["Credit check for a new invoice", "Collections"]`). Empty: the analyst writes the purpose.',
  'general.startAtLogin': "Start with the user's session, so the app is in the tray at 8:00.",
  'general.startDelaySeconds':
    "How long a start at login waits before the app loads, so that the first minutes after login belong to what the user opens first (Task Manager's start-up impact). Written into the app's own login entry as `--start-delay=N`; put the same after the command of an all-users entry (HKLM `Run`). A launch by the user meanwhile starts the app at once. `0`: no wait.",
  'general.theme': 'Light, dark, or as the system is.',
  'general.language': "The app's language; `system`: the first of the system's languages the app has, else English.",
  'network.requestTimeoutSeconds': 'How long a request to the services may take (connect, headers and body together).',
  'network.maxResponseMegabytes': 'The largest answer read; a larger one is refused as too large.',
  'network.proxyUser':
    "The proxy's user name for Basic sign-in (no `:`); each user enters the password in Settings, where a proxy asked or this is set.",
  'security.allowWeakSecretStorage':
    'Allow keeping client secrets where the operating system offers no real encryption (Linux without a keyring); off: kept for the session only.',
  'updates.mode':
    '`install` downloads and installs when the app quits, `notify` checks and tells, `off` asks nothing (IT deploys versions itself).',
  'updates.serverUrl': 'Your update server, `https://` only, no user name or password. Empty: no update is looked for.',
  'updates.channel': 'Which releases: `stable` or `beta`.',
  'updates.checkEveryHours': 'How often the update server is asked.',
  'updates.noInstallFrom': 'The start of the daily window in which no update installs (local time).',
  'updates.noInstallUntil': 'The end of that window.',
  'fleet.enabled': 'Send fleet health (health per system, punches waiting) to your OpenTelemetry Collector.',
  'fleet.endpoint': "Your collector's OTLP/HTTP address, `https://…:4318` (http only on `127.0.0.1`), no user name or password.",
  'fleet.intervalSeconds': 'How often fleet health is sent.',
  'fleet.includeEmployee': 'Include the employee id in fleet health.',
  'fleet.includeWorkstation': "Include the workstation's name in fleet health.",
  'fleet.sendAccessRecord':
    "Send each entry of the lookup's access record (debtor key, employee id, time, environment, purpose) to the collector as an OpenTelemetry log, so IT can answer who opened a debtor across the fleet.",
  'fleet.includeDebtorName': "Include the debtor's name with each access record entry sent; off: its key alone.",
  'fleet.headerName': 'A header for a collector that wants credentials (`Authorization`). Empty: none.',
  'fleet.headerValue': "That header's value (`Bearer …`); redacted everywhere.",
  environments: "The admin file's `environments` list, as JSON (below, Fields).",
  defaultEnvironment: "The environment active on first start: an environment's id, or `mock`.",
  lockEnvironments: 'Users cannot add, edit or delete environments of their own.',
};

/** The description without Markdown's code marks, for the ADMX and the JSON Schemas. */
export function plainDescription(key: string): string {
  return (SETTING_DESCRIPTIONS[key] ?? `Sets ${key}.`).replaceAll('`', '');
}
