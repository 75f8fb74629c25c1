/**
 * A start at login that waits before the app loads (IT's `general.startDelaySeconds`), so that the
 * minutes after login belong to what the user opens first: the wait is written into the app's own
 * login entry as `--start-delay=N`, and IT may put the same into its all-users entry. The entry
 * reads it before anything else is loaded (main.ts); a launch by the user meanwhile starts it at once.
 */
export const START_DELAY_SWITCH = '--start-delay';
export const MAX_START_DELAY_SECONDS = 600;

/** The wait a command line asks for, in ms: 0 without the switch, or with a value that is not 1–600 whole seconds. */
export function startDelayMsOf(argv: readonly string[]): number {
  const prefix = `${START_DELAY_SWITCH}=`;
  const value = argv.find((argument) => argument.startsWith(prefix))?.slice(prefix.length) ?? '';
  if (!/^\d{1,3}$/.test(value)) return 0;
  const seconds = Number(value);
  return seconds <= MAX_START_DELAY_SECONDS ? seconds * 1000 : 0;
}

/** The arguments of the app's own login entry for a wait of `seconds`. */
export const loginEntryArgs = (seconds: number): string[] => (seconds > 0 ? [`${START_DELAY_SWITCH}=${seconds}`] : []);
