/**
 * Payload types of both services, named for use across the app. They are generated from the
 * OpenAPI contracts (docs/api), the one source of truth: edit the YAML, not these.
 */
import type { components as Timeclock } from './generated/timeclock.ts';
import type { components as Debtors } from './generated/debtors.ts';

export type HealthStatus = Timeclock['schemas']['HealthStatus'];
export type ClockedTimeEvent = Timeclock['schemas']['ClockedTimeEvent'];
export type ClockInRequest = Timeclock['schemas']['ClockInRequest'];
export type ClockOutRequest = Timeclock['schemas']['ClockOutRequest'];
export type ApiErrorBody = Timeclock['schemas']['Error'];

export type Debtor = Debtors['schemas']['Debtor'];
export type CreditScore = Debtors['schemas']['CreditScore'];
/** One factor of a score as our contract sends it (shared/domain/score-reasons.ts reads every shape). */
export type ScoreReasonRecord = Debtors['schemas']['ScoreReason'];
export type CreditBureauScore = Debtors['schemas']['CreditBureauScore'];
export type Nickname = Debtors['schemas']['Nickname'];
export type ClientBank = Debtors['schemas']['ClientBank'];
export type ClientGroup = Debtors['schemas']['ClientGroup'];
export type ClientDelta = Debtors['schemas']['ClientDelta'];
export type AdvanceClient = Debtors['schemas']['AdvanceClient'];
export type AdvanceTransaction = Debtors['schemas']['AdvanceTransaction'];
export type AdvanceTransactionDetail = Debtors['schemas']['AdvanceTransactionDetail'];

/** The two systems whose health the timeclock service reports. */
export type HealthSystem = 'source' | 'target';
