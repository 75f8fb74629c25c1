/**
 * A busy machine for the "under load" figures (issue 52: the full load "measured quiet and under
 * load", the clock path "also under load"): one process per core spinning at normal priority, as
 * other sessions on a terminal server or a build on a laptop keep the cores busy, for as long as
 * the measured work runs. CPU only: the disk is left quiet (a CI run's load, which adds disk
 * contention, was measured by hand: docs/decisions/0018-memory-budgets-left-missed.md).
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** How long the spinners run before the work starts: the scheduler has them all running by then. */
const SETTLE_MS = 500;
/** Spins, and stops by itself once the bench that started it is gone (its parent changes): a bench killed outright leaves no spinner behind. */
const SPINNER =
  'const parent = process.ppid; for (;;) { for (let i = 0; i < 1e7; i++); if (process.ppid !== parent) process.exit(); }';

export async function underCpuLoad<T>(work: () => Promise<T>): Promise<T> {
  const spinners = Array.from({ length: availableParallelism() }, () =>
    spawn(process.execPath, ['-e', SPINNER], { stdio: 'ignore' }),
  );
  try {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return await work();
  } finally {
    for (const spinner of spinners) spinner.kill();
  }
}
