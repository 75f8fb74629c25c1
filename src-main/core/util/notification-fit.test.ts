/**
 * Every desktop notification fits what the platforms show (a one-line title, about 120 characters
 * of body on a Windows toast) in every language, with realistic long arguments: the cause and what
 * to do come first, the environment's name last, so a cut (a 56-character environment name) loses
 * only the name (issue 46, point 2).
 */
import { describe, expect, it } from 'vitest';
import { translatorFor } from '../../shared/i18n/catalogues.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import { fitNotification, NOTIFICATION_BODY_MAX, NOTIFICATION_TITLE_MAX } from './shorten.ts';
import { causeOf, waitsOnPerson } from '../../shared/i18n/api-problem-words.ts';
import type { ApiProblemFacts } from '../../shared/domain/api-problem.ts';

const TITLES = [
  'notice.clockedIn',
  'notice.clockedOut',
  'notice.alreadyIn',
  'notice.alreadyOut',
  'notice.savedNotSent',
  'notice.outcomeUnknown',
  'notice.notRecorded',
  'notice.sentLater',
  'notice.notClockedIn',
  'notice.notClockedOut',
  'notice.away',
  'undo.tooLate',
  'reminder.longShift',
  'reminder.notClockedIn',
  'reminder.endOfDay',
  'reminder.maxDay',
  'reminder.breakDue',
  'reminder.breakOver',
  'health.notice.down',
  'health.notice.bothDown',
  'health.notice.recovered',
  'health.notice.stillDown',
  'health.notice.unstable',
  'health.notice.auth',
  'health.notice.refusing',
  'health.notice.published',
  'health.notice.maintenance',
  'problem.attentionTitle',
  'shortcut.notSetTitle',
  'lookup.pinnedChanged.title',
] as const;

const BODIES = [
  'notice.recordedBy',
  'notice.worked',
  'notice.keptAndSent',
  'notice.keptUntilFixed',
  'notice.openToResolve',
  'notice.sentLaterBody',
  'notice.awayBody',
  'notice.stoppedNote',
  'notice.undoBody',
  'undo.tooLateBody',
  'reminder.longShiftBody',
  'reminder.notClockedInBody',
  'reminder.endOfDayBody',
  'reminder.maxDayBody',
  'reminder.breakOverBody',
  'hours.breakDue',
  'health.notice.downBody',
  'health.notice.bothDownBody',
  'health.notice.gatewayBody',
  'health.notice.recoveredBody',
  'health.notice.stillDownBody',
  'health.notice.unstableBody',
  'health.notice.authBody',
  'health.notice.refusingBody',
  'health.notice.publishedBody',
  'health.notice.noSecretBody',
  'health.notice.maintenanceBody',
  'lookup.pinnedChanged.body',
] as const;

/** A long environment name, as IT names them: 56 characters. */
const LONG_ENVIRONMENT = 'Production Frankfurt am Main · primary data centre EU-01';

/** Long but real arguments: a long environment name, 12-hour times with a weekday, long durations. */
function argumentsIn(t: Translate, choice: { how: string; unconfirmed: string; kind: string }) {
  const label = t('clock.punchLabel', { kind: 'out', time: '12:45 PM' });
  return {
    ...choice,
    // The longest cause a punch's notification leads with, and the sentence of a punch kept here.
    cause: longestCause(t),
    punch: ` ${t('health.notice.punchKept', { label })}`,
    time: 'Tue 12:45 PM',
    since: 'Tue 12:45 PM',
    from: 'Tue 12:45 PM',
    duration: t('duration.hoursMinutes', { hours: 10, minutes: 59 }),
    required: t('duration.minutes', { minutes: 45 }),
    after: t('duration.hours', { hours: 9 }),
    max: t('duration.hours', { hours: 10 }),
    seconds: 10,
    status: 503,
    // An incident as a status page publishes it (its title and latest update are its own words, cut when long).
    title: 'Clock-ins delayed',
    latest: '',
    page: 'Acme Services',
    environment: LONG_ENVIRONMENT,
    label,
    system: t('health.system.source'),
    source: t('health.system.source'),
    target: t('health.system.target'),
    // A server's own words come last in a body: measured without them here, cut when long (below).
    reason: '',
    // A debtor's name (the names of several come last too, and are cut when long).
    count: 1,
    names: 'Mountain View Apparel of Atlanta Inc.',
    // A maintenance window as IT names it, when and what (its reason is IT's words, cut when long).
    what: 'Saturday 10:00 PM–2:00 AM · Payroll link',
  };
}

/** Every cause a punch's notification can lead with, in this language: the longest. */
function longestCause(t: Translate): string {
  const kinds = ['timeout', 'cancelled', 'unauthorized', 'forbidden', 'bad-response', 'redirected', 'not-supported'];
  const more = ['bad-request', 'not-found', 'conflict', 'unprocessable', 'server'];
  const facts = (kind: string, extra: object = {}) =>
    ({
      kind,
      service: 'timeclock',
      operation: 'clockIn',
      environment: LONG_ENVIRONMENT,
      status: 503,
      ...extra,
    }) as ApiProblemFacts;
  const causes = [
    ...[...kinds, ...more].map((kind) => causeOf(facts(kind), t)),
    causeOf(facts('unreachable', { status: undefined }), t),
    causeOf(facts('unreachable', { culprit: 'certificate' }), t),
    causeOf(facts('unreachable', { culprit: 'proxy' }), t),
    causeOf(facts('unreachable', { proxySignIn: { why: 'unsupported', proxy: 'proxy.corp.example:3128', schemes: [] } }), t),
    causeOf(facts('rate-limited', { retryAfterMs: 90_000 }), t),
    causeOf(facts('unauthorized', { signIn: 'no-secret' }), t),
    causeOf(facts('unauthorized', { signIn: 'refused-or-pending' }), t),
    causeOf(facts('unauthorized', { signIn: 'token-refused' }), t),
    causeOf(facts('not-found', { wrongBaseUrl: true }), t),
    causeOf(facts('server', { gatewayTimeout: true, status: 504 }), t),
    causeOf(facts('server', { emptyAnswer: true }), t),
    causeOf(facts('bad-response', { webPage: { signIn: true, host: 'sso.corp.example' } }), t),
  ];
  return causes.reduce((longest, cause) => (cause.length > longest.length ? cause : longest));
}

// `how`: why the computer stopped (the away bodies), or how an outage showed (the health bodies: the longest is "other").
const CHOICES = ['locked', 'shutdown', 'logoff', 'other'].flatMap((how) =>
  ['yes', 'no'].map((unconfirmed) => ({ how, unconfirmed, kind: 'out' })),
);

describe.each(['en', 'de', 'es'] as const)('notifications in %s', (language) => {
  const { t } = translatorFor({ messages: language, formats: language });
  const say = t as unknown as (key: string, args: object) => string;

  it(`have titles of at most ${NOTIFICATION_TITLE_MAX} characters`, () => {
    const tooLong = TITLES.flatMap((key) => CHOICES.map((choice) => say(key, argumentsIn(t, choice)))).filter(
      (title) => title.length > NOTIFICATION_TITLE_MAX,
    );
    expect(tooLong).toEqual([]);
  });

  it(`keep their cause and what to do within ${NOTIFICATION_BODY_MAX} characters, the environment last, with a 56-character environment name`, () => {
    expect(LONG_ENVIRONMENT).toHaveLength(56);
    const lost = BODIES.flatMap((key) =>
      CHOICES.map((choice) => {
        const body = say(key, argumentsIn(t, choice)).trim();
        // What must survive the cut: everything before the environment's name (all of it if none).
        const at = body.indexOf(LONG_ENVIRONMENT);
        const essential = (at < 0 ? body : body.slice(0, at)).replace(/[\s—:(]+$/, '');
        const shown = fitNotification({ title: '', body }).body;
        return shown.startsWith(essential) ? null : `${key}: "${shown}" lost "${essential.slice(shown.length - 1)}"`;
      }),
    ).filter((problem) => problem !== null);
    expect([...new Set(lost)]).toEqual([]);
  });

  it('never reassures that a punch is sent by itself where sending waits on a person', () => {
    const facts = { service: 'timeclock', operation: 'clockIn', environment: 'Acme' } as const;
    for (const kind of ['unauthorized', 'forbidden', 'redirected', 'not-supported'] as const)
      expect(waitsOnPerson({ ...facts, kind }), kind).toBe(true);
    expect(waitsOnPerson({ ...facts, kind: 'unreachable', culprit: 'proxy' })).toBe(true);
    for (const kind of ['unreachable', 'timeout', 'server', 'rate-limited'] as const)
      expect(waitsOnPerson({ ...facts, kind }), kind).toBe(false);
  });
});

describe('a notification of a punch that was not recorded', () => {
  it('leads with the cause, then what to do; no server text, no environment', () => {
    const { t } = translatorFor({ messages: 'en', formats: 'en' });
    const cause = causeOf(
      { kind: 'server', service: 'timeclock', operation: 'clockOut', environment: LONG_ENVIRONMENT, status: 503 },
      t,
    );
    const fitted = fitNotification({
      title: t('notice.notRecorded', { label: 'Clock-out at 12:45 PM' }),
      body: t('notice.openToResolve', { cause, unconfirmed: 'no' }),
    });
    expect(fitted.body).toBe('The timeclock service failed (503). In the panel: try again or discard it.');
    expect(fitted.title).toBe('Clock-out at 12:45 PM was not recorded');
  });
});
