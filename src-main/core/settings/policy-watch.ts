/**
 * Keeps the settings on IT's current policy: re-reads the OS policy now and then (Group Policy
 * refreshes every 90 minutes or so; a new profile arrives any time) and when asked (on resume or
 * unlock), and applies a change at once. Nothing happens when the policy is the same.
 */
import type { TimeSource } from '../util/time-source.ts';
import type { AdminPolicy } from './admin-policy.ts';
import { combinePolicies, type PolicyReader, type RawPolicy } from './os-policy.ts';
import type { SettingsService } from './settings-service.ts';

export const POLICY_RECHECK_MS = 10 * 60_000;

export function watchPolicy(options: {
  reader: PolicyReader;
  /** What the reader gave at start (the settings already follow it): not read a second time. */
  initial: RawPolicy | null;
  file: AdminPolicy;
  settings: SettingsService;
  time: TimeSource;
  /** Told the problems of a policy that changed (for the log). */
  onProblems: (problems: readonly string[]) => void;
}): { recheck(): void; stop(): void } {
  let last = JSON.stringify(options.initial);
  const recheck = () => {
    const raw = options.reader.read();
    const now = JSON.stringify(raw);
    if (now === last) return;
    last = now;
    const next = combinePolicies(options.file, raw);
    options.onProblems(next.problems);
    options.settings.replaceAdmin(next);
  };
  let timer: unknown = null;
  const schedule = () => {
    timer = options.time.setTimeout(() => {
      recheck();
      schedule();
    }, POLICY_RECHECK_MS);
  };
  schedule();
  return { recheck, stop: () => options.time.clearTimeout(timer) };
}
