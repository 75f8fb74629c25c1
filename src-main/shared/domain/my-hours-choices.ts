/** The choices My hours offers, shared by the core (which checks them) and the panel (which lists them). */

/** What an absence is: vacation, sick and training count the day's usual hours as done; time off in lieu does not. */
export const ABSENCE_KINDS = ['vacation', 'sick', 'training', 'timeOffInLieu'] as const;
export type AbsenceKind = (typeof ABSENCE_KINDS)[number];

/** The periods My hours exports. */
export const HOURS_PERIODS = ['this-week', 'last-week', 'this-month', 'last-month'] as const;
export type HoursPeriod = (typeof HOURS_PERIODS)[number];
