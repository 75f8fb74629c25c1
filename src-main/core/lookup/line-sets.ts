/**
 * A reusable flag per debtor line: the search flags candidate lines, then collects them in
 * ascending (name) order and clears the flags in the same pass — no allocation per keystroke but
 * the result, and no sort.
 */
export class LineSets {
  readonly flags: Uint8Array;
  /** The same bytes four at a time: most are clear, and are skipped in one step. */
  private readonly blocks: Uint32Array;
  private readonly found: Int32Array;

  constructor(size: number) {
    this.blocks = new Uint32Array(Math.ceil(size / 4));
    this.flags = new Uint8Array(this.blocks.buffer, 0, size);
    this.found = new Int32Array(size);
  }

  /** The flagged lines that `keep` accepts, ascending; every flag is cleared. */
  collect(keep: (line: number) => boolean): Int32Array {
    const { flags, blocks, found } = this;
    let count = 0;
    for (let block = 0; block < blocks.length; block++) {
      if (blocks[block] === 0) continue;
      for (let line = block * 4; line < block * 4 + 4; line++) if (flags[line] === 1 && keep(line)) found[count++] = line;
      blocks[block] = 0;
    }
    return found.slice(0, count);
  }
}
