/**
 * Memory for a long list: the peak memory added while the lookup's debtors client loads one list of
 * `megabytes` MB (ordinary ids, then ids beyond 2^53; then a credit score list), and while the whole
 * lookup loads it in its worker threads, indexes it and writes its snapshot to disk (the debtors,
 * then the scores); each in a fresh process.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ListMemoryFigures {
  listMb: number;
  records: number;
  seconds: number;
  /** Peak resident memory added by the load, MB. */
  peakAddedMb: number;
  /** peakAddedMb / listMb. */
  timesListSize: number;
}

const child = fileURLToPath(new URL('./list-memory-child.ts', import.meta.url));

export type ListMemoryRun = 'ordinaryIds' | 'longIds' | 'scoreList' | 'wholeLookup' | 'wholeLookupOfScores';

export function listMemoryBench(megabytes: number): Record<ListMemoryRun, ListMemoryFigures> {
  const run = (ids: string, what = 'list'): ListMemoryFigures => {
    const output = execFileSync(process.execPath, ['--import', 'tsx', child, String(megabytes), ids, what], { encoding: 'utf8' });
    const figures = JSON.parse(output) as { records: number; seconds: number; beforeKb: number; peakKb: number };
    const peakAddedMb = Math.round((figures.peakKb - figures.beforeKb) / 1024);
    return {
      listMb: megabytes,
      records: figures.records,
      seconds: Math.round(figures.seconds * 10) / 10,
      peakAddedMb,
      timesListSize: Math.round((peakAddedMb / megabytes) * 10) / 10,
    };
  };
  return {
    ordinaryIds: run('ordinary-ids'),
    longIds: run('long-ids'),
    scoreList: run('ordinary-ids', 'score-list'),
    wholeLookup: run('ordinary-ids', 'whole'),
    wholeLookupOfScores: run('ordinary-ids', 'scores'),
  };
}
