import { describe, expect, it } from 'vitest';
import { inAnotherSession, instanceNote, readInstanceNote, sessionName } from './sessions.ts';

describe('sessions of one account on a terminal server', () => {
  it('names the session and the client the user sits at', () => {
    expect(sessionName({ SESSIONNAME: 'RDP-Tcp#3' })).toBe('RDP-Tcp#3');
    expect(sessionName({})).toBe('Console');
    expect(instanceNote({ SESSIONNAME: 'ICA-CGP#7', CLIENTNAME: 'THIN-042' })).toEqual({
      session: 'ICA-CGP#7',
      client: 'THIN-042',
    });
    expect(instanceNote({ SESSIONNAME: 'Console', CLIENTNAME: ' ' })).toEqual({ session: 'Console' });
  });

  it('tells a start in another session from one in the same', () => {
    const console = { session: 'Console' };
    expect(inAnotherSession(console, { session: 'RDP-Tcp#3' })).toBe(true);
    expect(inAnotherSession(console, { session: 'console' })).toBe(false);
    expect(inAnotherSession(null, { session: 'RDP-Tcp#3' })).toBe(false);
  });

  it('reads back only what a note is', () => {
    expect(readInstanceNote({ session: 'RDP-Tcp#3', client: 'PC-7' })).toEqual({ session: 'RDP-Tcp#3', client: 'PC-7' });
    expect(readInstanceNote({ session: '' })).toBeNull();
    expect(readInstanceNote('Console')).toBeNull();
    expect(readInstanceNote(null)).toBeNull();
  });
});
