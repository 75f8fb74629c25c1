/**
 * A pinned debtor's notice in the analyst's words: the rule that fired with what it saw ("Calculated
 * score down 17 points: 78 → 61"), and what newly moves the score where the service says it. One
 * debtor: its name and each rule; several: a line each, the first rule of each. Pure.
 */
import { reasonWords } from '../../shared/domain/score-reasons.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import type { Told } from './lookup-memory.ts';
import type { FiredRule } from './watch-rules.ts';

/** Debtors named one by one in a notice of several. */
const NAMED_MAX = 3;

export function ruleWords(fired: FiredRule, t: Translate): string {
  switch (fired.rule) {
    case 'scoreDrop':
      return t('lookup.watch.scoreDrop', { score: fired.score, drop: fired.from - fired.to, was: fired.from, is: fired.to });
    case 'bandCrossed':
      return t('lookup.watch.bandCrossed', { score: fired.score, band: fired.to, was: fired.from });
    case 'statusChange': {
      const status = (value: string | null) => (value === null ? '—' : t('lookup.status', { status: value }));
      return t('lookup.watch.statusChange', { was: status(fired.from), is: status(fired.to) });
    }
    case 'limitUse':
      return t('lookup.watch.limitUse', { share: fired.percent / 100, rule: fired.threshold / 100 });
    default:
      return t('lookup.watch.anyChange');
  }
}

export function watchNotice(told: readonly Told[], t: Translate): { title: string; body: string } {
  const [only] = told;
  if (told.length === 1 && only) {
    const reasons = only.newReasons.map((reason) => reasonWords(reason, t));
    const lines = [
      ...only.fired.map((fired) => ruleWords(fired, t)),
      ...(reasons.length > 0 ? [t('lookup.watch.reasons', { reasons: reasons.join(', ') })] : []),
    ];
    return { title: only.name, body: lines.join('\n') };
  }
  const lines = told.slice(0, NAMED_MAX).map((each) => `${each.name}: ${ruleWords(each.fired[0]!, t)}`);
  if (told.length > NAMED_MAX) lines.push(t('lookup.watch.more', { count: told.length - NAMED_MAX }));
  return { title: t('lookup.pinnedChanged.title', { count: told.length }), body: lines.join('\n') };
}
