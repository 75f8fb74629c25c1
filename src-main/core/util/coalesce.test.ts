import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesce.ts';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('coalesced work', () => {
  it('runs once for many asks in one go, after the asking code, and again when asked later', async () => {
    const runs: string[] = [];
    let state = 'a';
    const refresh = coalesced(() => runs.push(state));
    refresh();
    state = 'b';
    refresh();
    refresh();
    expect(runs).toEqual([]);
    await turn();
    expect(runs).toEqual(['b']);
    refresh();
    await turn();
    expect(runs).toEqual(['b', 'b']);
  });
});
