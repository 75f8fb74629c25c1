/**
 * What a pinned debtor's notice fires on: each rule alone, the specific ones over "any change", a
 * limit use told when it passes the share and not again while it stays past it, rules per debtor
 * over those for all — and, through the real core and mock, a notice that names its rule and the
 * reason that newly moves the score.
 */
import { describe, expect, it } from 'vitest';
import { english } from '../../shared/i18n/catalogues.ts';
import { createTestCore } from '../../testing/test-core.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { windowApi } from '../../testing/window-api.ts';
import { emptyRemembered, pinned, rulesFor, synced, withRules } from './remembered.ts';
import type { DebtorSnapshot } from './debtor-figures.ts';
import { DEFAULT_RULES, firedRules } from './watch-rules.ts';
import { watchNotice } from './watch-words.ts';

const figures = (change: Partial<DebtorSnapshot> = {}): DebtorSnapshot => ({
  name: 'Acme Foods Company',
  score: 78,
  grade: 'B',
  bureauScore: 66,
  riskClass: 2,
  status: 'active',
  limitUse: 60,
  ...change,
});
const only = (rule: Partial<typeof DEFAULT_RULES>) => ({ ...DEFAULT_RULES, anyChange: false, ...rule });

describe('watch rules', () => {
  it('fires a score drop of at least N points, of either score, and not a smaller one', () => {
    const rules = only({ scoreDrop: 10 });
    expect(firedRules(figures(), figures({ score: 68 }), rules)).toEqual([
      { rule: 'scoreDrop', score: 'score', from: 78, to: 68, points: 10 },
    ]);
    expect(firedRules(figures(), figures({ score: 69 }), rules)).toEqual([]); // 9 points
    expect(firedRules(figures(), figures({ bureauScore: 50 }), rules)).toEqual([
      { rule: 'scoreDrop', score: 'bureauScore', from: 66, to: 50, points: 10 },
    ]);
    expect(firedRules(figures(), figures({ score: 95 }), rules)).toEqual([]); // a rise is no drop
  });

  it('fires a band crossed either way, a status change, and a limit use passing the share once', () => {
    expect(firedRules(figures(), figures({ score: 81 }), only({ bandCrossed: true }))).toEqual([
      { rule: 'bandCrossed', score: 'score', from: 'moderate', to: 'low' },
    ]);
    expect(firedRules(figures(), figures({ status: 'closed' }), only({ statusChange: true }))).toEqual([
      { rule: 'statusChange', from: 'active', to: 'closed' },
    ]);
    const limit = only({ limitUse: 80 });
    expect(firedRules(figures(), figures({ limitUse: 85 }), limit)).toEqual([{ rule: 'limitUse', percent: 85, threshold: 80 }]);
    expect(firedRules(figures({ limitUse: 85 }), figures({ limitUse: 92 }), limit)).toEqual([]); // still past it: told already
  });

  it('says "changed" only where no specific rule fired, and nothing when only the name changed', () => {
    expect(firedRules(figures(), figures({ grade: 'C' }), DEFAULT_RULES)).toEqual([{ rule: 'anyChange' }]);
    expect(firedRules(figures(), figures({ score: 60 }), { ...DEFAULT_RULES, scoreDrop: 10 })).toEqual([
      { rule: 'scoreDrop', score: 'score', from: 78, to: 60, points: 10 },
    ]);
    expect(firedRules(figures(), figures({ name: 'ACME FOODS CO' }), DEFAULT_RULES)).toEqual([]);
    // A point kept before the limit use was known is not a change of it.
    expect(firedRules(figures({ limitUse: undefined }), figures(), DEFAULT_RULES)).toEqual([]);
  });

  it('keeps rules per debtor over those for all, and lets go of them when it is unpinned', () => {
    let state = pinned(pinned(emptyRemembered(), 'D1', true, figures(), 0), 'D2', true, figures(), 0);
    state = withRules(state, null, only({ statusChange: true }));
    state = withRules(state, 'D2', only({ scoreDrop: 5 }));
    expect(rulesFor(state, 'D1')).toEqual(only({ statusChange: true }));
    const { notices } = synced(
      state,
      new Map([
        ['D1', figures({ score: 70 })],
        ['D2', figures({ score: 70 })],
      ]),
      10,
    );
    expect(notices.map((notice) => [notice.debtorKey, notice.fired.map((fired) => fired.rule)])).toEqual([['D2', ['scoreDrop']]]);
    state = pinned(state, 'D2', false, null, 20);
    expect(state.rules.debtors).toEqual({});
  });

  it('words a notice of one debtor rule by rule with what now moves its score, and of several a line each', () => {
    const { t } = english;
    const told = (name: string, fired: ReturnType<typeof firedRules>) => ({
      debtorKey: name,
      name,
      fired,
      before: { ...figures(), at: 0 },
      now: figures(),
      newReasons: [],
    });
    const one = told('Acme Foods Company', [
      { rule: 'scoreDrop', score: 'score', from: 78, to: 61, points: 10 },
      { rule: 'limitUse', percent: 85, threshold: 80 },
    ]);
    expect(
      watchNotice(
        [
          {
            ...one,
            newReasons: [
              { code: 'LATE_PAYMENTS', text: null, impact: -12 },
              { code: 'X9', text: 'Sector under pressure', impact: null },
            ],
          },
        ],
        t,
      ),
    ).toEqual({
      title: 'Acme Foods Company',
      body: 'Calculated score down 17 points: 78 → 61\n85% of the limit in use (your threshold: 80%)\nNow: Pays invoices late, Sector under pressure',
    });
    const many = ['A', 'B', 'C', 'D', 'E'].map((name) => told(name, [{ rule: 'statusChange', from: 'active', to: 'closed' }]));
    expect(watchNotice(many, t)).toEqual({
      title: '5 pinned debtors changed',
      body: 'A: Status: Active → Closed\nB: Status: Active → Closed\nC: Status: Active → Closed\nand 2 more',
    });
  });
});

describe('a watched debtor through the app', () => {
  const mock = useMockServer({ debtors: 40 });
  it('tells the rule that fired and the reason that newly moves the score, once', async () => {
    const core = createTestCore(mock.server, { admin: { defaults: { general: { language: 'en' } } } });
    const notices: Array<{ title: string; body: string }> = [];
    core.onLookupNotice((notice) => notices.push(notice));
    const { call } = windowApi(core);
    await call('lookupOpen');
    const { dataset, touched, now } = mock.server.control;
    const record = dataset.creditScores.find((score) => score.score >= 90 && score.reasons)!;
    await call('lookupPin', record.debtorKey, true);
    const rules = { anyChange: false, scoreDrop: 20, bandCrossed: false, statusChange: false, limitUse: null };
    expect(await call('lookupWatchRules', record.debtorKey, rules, 'debtor')).toEqual({ rules, ownRules: true });
    // The service's score falls by 40 points, for late payments.
    const was = record.score;
    Object.assign(record, {
      score: was - 40,
      reasons: [{ code: 'LATE_PAYMENTS', impact: -25 }],
      modifiedAt: new Date(now()).toISOString(),
    });
    touched(dataset.creditScores, [record]);
    await call('lookupRefresh', false);
    expect(notices).toEqual([
      { title: expect.any(String), body: `Calculated score down 40 points: ${was} → ${was - 40}\nNow: Pays invoices late` },
    ]);
    await call('lookupRefresh', false);
    expect(notices).toHaveLength(1); // nothing changed since: nothing told
    await core.lookup.stop();
  });
});
