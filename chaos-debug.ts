import { generateTimeline, runTimeline } from './src-main/testing/health-chaos.ts';
for (const seed of [3, 10]) {
  const t = generateTimeline(seed);
  const r = await runTimeline(t, seed);
  const w = (x: number) => new Date(x).toISOString().slice(11, 19);
  console.log('seed', seed, 'late', r.lateDowns.slice(0, 3), 'missed', r.missed);
  console.log(
    t.failures
      .filter((f) => f.kind === 'flap' || f.kind === 'outage')
      .map((f) => `${f.system} ${f.kind} ${w(f.start)}-${w(f.end)}`)
      .join('\n'),
  );
  console.log(r.notifications.map((n) => `${w(n.at)} ${n.kind} ${n.systems} since ${n.since ? w(n.since) : ''}`).join('\n'));
}
