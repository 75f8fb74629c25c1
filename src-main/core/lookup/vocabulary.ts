/**
 * The distinct words of the debtor lines, each with an id (its order of first sight), found by a
 * hash of its letters read in place: a word seen before costs no new string. Building the word
 * index of a million debtors met about five million words; slicing each out and looking it up in a
 * Map was a third of the build and most of its garbage.
 */
import { grown } from './flat-lists.ts';

export class Vocabulary {
  /** The words, in id order. */
  readonly words: string[] = [];
  private hashes: Int32Array = new Int32Array(1_024);
  /** Open addressing: a word's id + 1, or 0 for an empty slot. */
  private slots: Int32Array = new Int32Array(2_048);

  get size(): number {
    return this.words.length;
  }

  /** The id of `text.slice(start, end)`, added when new; `hash` is wordHash of those letters. */
  idOf(text: string, start: number, end: number, hash: number): number {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot]!;
      if (held === 0) return this.add(text.slice(start, end), hash, slot);
      const word = this.words[held - 1]!;
      if (this.hashes[held - 1] === hash && word.length === end - start && text.startsWith(word, start)) return held - 1;
    }
  }

  private add(word: string, hash: number, slot: number): number {
    const id = this.words.length;
    this.words.push(word);
    if (id === this.hashes.length) this.hashes = grown(this.hashes);
    this.hashes[id] = hash;
    this.slots[slot] = id + 1;
    // At most half full, so a look-up meets few others.
    if (this.words.length * 2 > this.slots.length) this.rehash();
    return id;
  }

  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    const mask = this.slots.length - 1;
    for (let id = 0; id < this.words.length; id++) {
      let slot = this.hashes[id]! & mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
      this.slots[slot] = id + 1;
    }
  }
}

/** FNV-1a, one code unit at a time: fed while the word's letters are read. */
export const WORD_HASH_START = 0x811c9dc5 | 0;
export const wordHashStep = (hash: number, code: number) => Math.imul(hash ^ code, 0x01000193);
