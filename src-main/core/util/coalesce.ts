/**
 * Work asked for several times in one go (a punch changes the clock three times: recorded, sent,
 * synced) done once, after the asking code has finished: the punch's path stays lean, and a
 * window is sent one view, the last. Plain Node: `setImmediate` runs after pending I/O callbacks.
 */
export function coalesced(run: () => void): () => void {
  let asked = false;
  return () => {
    if (asked) return;
    asked = true;
    setImmediate(() => {
      asked = false;
      run();
    });
  };
}
