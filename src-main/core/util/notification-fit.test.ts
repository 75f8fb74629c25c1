/**
 * Every desktop notification fits what the platforms show (a one-line title, about 120 characters
 * of body on a Windows toast) in every language, with realistic long arguments; a server's free
 * reason comes last, so a cut loses only it.
 */
import { describe, expect, it } from 'vitest';
import { translatorFor } from '../../shared/i18n/catalogues.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import { fitNotification, NOTIFICATION_BODY_MAX, NOTIFICATION_TITLE_MAX } from './shorten.ts';

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
  'problem.attentionTitle',
  'shortcut.notSetTitle',
  'lookup.pinnedChanged.title',
] as const;

const BODIES = [
  'notice.recordedBy',
  'notice.worked',
  'notice.sentAutomatically',
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
  'health.notice.recoveredBody',
  'health.notice.stillDownBody',
  'health.notice.unstableBody',
  'health.notice.authBody',
  'lookup.pinnedChanged.body',
] as const;

/** Long but real arguments: a long environment name, 12-hour times with a weekday, long durations. */
function argumentsIn(t: Translate, choice: { how: string; unconfirmed: string; kind: string }) {
  return {
    ...choice,
    time: 'Tue 12:45 PM',
    since: 'Tue 12:45 PM',
    from: 'Tue 12:45 PM',
    duration: t('duration.hoursMinutes', { hours: 10, minutes: 59 }),
    required: t('duration.minutes', { minutes: 45 }),
    after: t('duration.hours', { hours: 9 }),
    max: t('duration.hours', { hours: 10 }),
    seconds: 10,
    environment: 'Production (Frankfurt)',
    label: t('clock.punchLabel', { kind: 'out', time: '12:45 PM' }),
    system: t('health.system.source'),
    source: t('health.system.source'),
    target: t('health.system.target'),
    // A server's own words come last in a body: measured without them here, cut when long (below).
    reason: '',
    // A debtor's name (the names of several come last too, and are cut when long).
    count: 1,
    names: 'Mountain View Apparel of Atlanta Inc.',
  };
}

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

  it(`have bodies of at most ${NOTIFICATION_BODY_MAX} characters, before a server's reason`, () => {
    const tooLong = BODIES.flatMap((key) => CHOICES.map((choice) => say(key, argumentsIn(t, choice)).trim())).filter(
      (body) => body.length > NOTIFICATION_BODY_MAX,
    );
    expect(tooLong).toEqual([]);
  });
});

describe('a notification with a long reason', () => {
  it('keeps what to do, and cuts the reason at a word', () => {
    const { t } = translatorFor({ messages: 'en', formats: 'en' });
    const reason =
      'Timeclock service of Production (Frankfurt) failed on clock-out (503): upstream connect error or disconnect/reset before headers.';
    const fitted = fitNotification({
      title: t('notice.notRecorded', { label: 'Clock-out at 12:45 PM' }),
      body: t('notice.openToResolve', { reason, unconfirmed: 'no' }),
    });
    expect(fitted.body.length).toBeLessThanOrEqual(NOTIFICATION_BODY_MAX);
    expect(fitted.body).toMatch(/^Open the panel to try again or discard it\. Timeclock service of .+…$/);
    expect(fitted.title).toBe('Clock-out at 12:45 PM was not recorded');
  });
});
