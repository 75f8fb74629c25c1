/**
 * The scores a row shows, apart from the records they come from. In the app the two score lists
 * are parsed and kept by a second worker (score-keeper.ts), which hands the lookup only these
 * columns; a debtor's details ask it for the records themselves. Where one engine holds every
 * list (tests, the in-process lookup), the same fields are read from its maps.
 */
import { numberOf, textOf, type LookupData } from './lookup-data.ts';

export interface RowScores {
  score: number | null;
  grade: string | null;
  bureauScore: number | null;
  riskClass: number | null;
}

/** Columns by debtor key, cheap to send between threads (numbers in typed arrays, NaN for none). */
export interface ScoreColumns {
  /** A full load or a disk read: these replace what the table holds. Otherwise they are changes. */
  whole: boolean;
  keys: string[];
  score: Float64Array;
  grade: (string | null)[];
  bureauScore: Float64Array;
  riskClass: Float64Array;
  counts: { creditScores: number; bureauScores: number };
}

const NO_SCORES: RowScores = Object.freeze({ score: null, grade: null, bureauScore: null, riskClass: null });

/** A debtor's row scores from the lists held in this thread. */
export function rowScoresOf(data: LookupData, key: string): RowScores {
  const score = data.creditScores.get(key);
  const bureau = data.bureauScores.get(key);
  if (!score && !bureau) return NO_SCORES;
  return {
    score: numberOf(score?.score),
    grade: textOf(score?.grade),
    bureauScore: numberOf(bureau?.bureauScore),
    riskClass: numberOf(bureau?.riskClass),
  };
}

/** The columns of these debtors (every debtor either list holds, for 'all'). */
export function scoreColumnsOf(data: LookupData, keys: ReadonlySet<string> | 'all'): ScoreColumns {
  const wanted = keys === 'all' ? new Set([...data.creditScores.keys(), ...data.bureauScores.keys()]) : keys;
  const columns: ScoreColumns = {
    whole: keys === 'all',
    keys: [...wanted],
    score: new Float64Array(wanted.size),
    grade: [],
    bureauScore: new Float64Array(wanted.size),
    riskClass: new Float64Array(wanted.size),
    counts: { creditScores: data.creditScores.size, bureauScores: data.bureauScores.size },
  };
  columns.keys.forEach((key, at) => {
    const scores = rowScoresOf(data, key);
    columns.score[at] = scores.score ?? NaN;
    columns.grade.push(scores.grade);
    columns.bureauScore[at] = scores.bureauScore ?? NaN;
    columns.riskClass[at] = scores.riskClass ?? NaN;
  });
  return columns;
}

const orNull = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? null : value);

/** The row scores at one place of the columns. */
const rowAt = (columns: ScoreColumns, at: number): RowScores => ({
  score: orNull(columns.score[at]),
  grade: columns.grade[at] ?? null,
  bureauScore: orNull(columns.bureauScore[at]),
  riskClass: orNull(columns.riskClass[at]),
});

const noColumns = (): ScoreColumns => ({
  whole: true,
  keys: [],
  score: new Float64Array(0),
  grade: [],
  bureauScore: new Float64Array(0),
  riskClass: new Float64Array(0),
  counts: { creditScores: 0, bureauScores: 0 },
});

/**
 * The lookup's copy of the columns: a whole set kept as it came, with each key's place (a
 * hundred thousand small objects would cost more to make than the columns cost to send), and the
 * changes of the deltas since, by key.
 */
export function createScoreTable() {
  let whole = noColumns();
  let placeOf = new Map<string, number>();
  const changed = new Map<string, RowScores>();
  return {
    take(columns: ScoreColumns): void {
      if (columns.whole) {
        whole = columns;
        placeOf = new Map();
        for (let at = 0; at < columns.keys.length; at++) placeOf.set(columns.keys[at]!, at);
        changed.clear();
      } else columns.keys.forEach((key, at) => changed.set(key, rowAt(columns, at)));
      whole.counts = columns.counts;
    },
    of(key: string): RowScores {
      const place = placeOf.get(key);
      return changed.get(key) ?? (place === undefined ? NO_SCORES : rowAt(whole, place));
    },
    get counts() {
      return whole.counts;
    },
  };
}

export type ScoreTable = ReturnType<typeof createScoreTable>;
