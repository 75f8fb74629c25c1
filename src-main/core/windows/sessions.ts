/**
 * Sessions of one account on a terminal server (RDS, Citrix): Windows' single-instance lock is the
 * account's, so an employee logged on twice (the office PC's console and a Citrix session) shares
 * it across both sessions (electron #24447). The app that holds it stays where it was started; a
 * second start in another session says where the app already runs and stays out of the way — it
 * never hands its punches, nor its panel, to a session nobody is looking at.
 */

/** The session a process runs in: Windows' SESSIONNAME ("Console", "RDP-Tcp#3", "ICA-CGP#7"). */
export function sessionName(env: Record<string, string | undefined>): string {
  return env.SESSIONNAME?.trim() || 'Console';
}

/** What a second start tells the running app, and the running app leaves for it to read. */
export interface InstanceNote {
  session: string;
  /** Where the user sits in that session (CLIENTNAME: the thin client or PC of a remote session). */
  client?: string;
}

export const instanceNote = (env: Record<string, string | undefined>): InstanceNote => ({
  session: sessionName(env),
  ...(env.CLIENTNAME?.trim() ? { client: env.CLIENTNAME.trim() } : {}),
});

/** Whether a start in `mine` is another session than the running app's (`running`). */
export const inAnotherSession = (running: InstanceNote | null, mine: InstanceNote): boolean =>
  running !== null && running.session.toLowerCase() !== mine.session.toLowerCase();

/** A note read back (from a file or another process): null when it is not one. */
export function readInstanceNote(value: unknown): InstanceNote | null {
  if (typeof value !== 'object' || value === null) return null;
  const { session, client } = value as Record<string, unknown>;
  if (typeof session !== 'string' || session === '') return null;
  return { session, ...(typeof client === 'string' && client !== '' ? { client } : {}) };
}
