import { describe, expect, it } from 'vitest';
import type { ApiErrorKind, ApiProblemFacts } from '../../shared/domain/api-problem.ts';
import { describeApiError } from '../../shared/i18n/api-problem-words.ts';
import { english, translatorFor } from '../../shared/i18n/catalogues.ts';
import { createLogger } from '../logging/logger.ts';
import { ApiError } from './api-error.ts';

const KINDS: ApiErrorKind[] = [
  'unreachable',
  'timeout',
  'cancelled',
  'bad-request',
  'unauthorized',
  'forbidden',
  'not-found',
  'conflict',
  'unprocessable',
  'rate-limited',
  'server',
  'bad-response',
  'redirected',
  'not-supported',
];
const facts = (kind: ApiErrorKind): ApiProblemFacts => ({
  kind,
  service: 'timeclock',
  operation: 'clockIn',
  environment: 'QA',
  status: 500,
  serverMessage: 'boom',
});
const german = translatorFor({ messages: 'de', formats: 'de-DE' }).t;
const spanish = translatorFor({ messages: 'es', formats: 'es-ES' }).t;

describe('a failed request in words', () => {
  it('is worded from its facts in every language, naming the environment and what the user can do', () => {
    for (const kind of KINDS) {
      for (const t of [english.t, german, spanish]) {
        const text = describeApiError(facts(kind), t);
        expect(text).toContain('QA');
        expect(text).not.toMatch(/[{}]/);
      }
    }
    expect(describeApiError(facts('forbidden'), english.t)).toBe(
      'Timeclock service of QA accepted the credentials but does not allow clock-in (403). Ask your administrator to grant this client id access to the timeclock service.',
    );
    expect(describeApiError(facts('unreachable'), german)).toMatch(
      /^Der Stempeldienst von QA ist für das Einstempeln nicht erreichbar/,
    );
    expect(describeApiError({ ...facts('unauthorized'), signIn: 'no-secret' }, spanish)).toMatch(/no tiene secreto de cliente/);
    expect(describeApiError({ ...facts('rate-limited'), retryAfterMs: 30_000 }, german)).toMatch(/in 30 s erneut/);
  });

  it('is in the user’s language where shown, and in English in the log', () => {
    const error = new ApiError(facts('server'), german);
    expect(error.message).toMatch(/^Der Stempeldienst von QA meldet einen Fehler .*das Einstempeln ist fehlgeschlagen/);
    expect(error.englishMessage).toMatch(/^Timeclock service of QA failed on clock-in \(500\)/);
    const lines: string[] = [];
    createLogger(
      (_level, line) => lines.push(line),
      () => [],
    ).warn('punch failed', error);
    expect(lines[0]).toContain('failed on clock-in (500)');
    expect(lines[0]).not.toContain('fehlgeschlagen');
  });
});
