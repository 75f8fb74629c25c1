import { describe, expect, it } from 'vitest';
import { gatusStatuses, statuspageSummary, uptimeKumaStatusPage } from '../../testing/status-pages.ts';
import { readStatusPage } from './status-page-read.ts';

const PAGE = 'https://status.acme.example/api/v2/summary.json';

describe('reading the status page IT runs', () => {
  it('reads Statuspage’s summary: the incident going on with its latest update, maintenance ahead, not what was resolved', () => {
    const read = readStatusPage(statuspageSummary('status.acme.example'), PAGE)!;
    expect(read).toMatchObject({ kind: 'statuspage', name: 'Acme Services', summary: 'Partial System Outage', failing: [] });
    expect(read.incidents).toEqual([
      {
        id: 'p31zjtct2jer',
        title: 'Clock-ins delayed',
        status: 'identified',
        impact: 'major',
        latest: 'The database failover is running; punches are queued and will be recorded.',
        updatedAt: Date.parse('2026-11-23T08:30:00.000Z'),
        link: 'https://status.acme.example/incidents/p31zjtct2jer',
      },
    ]);
    expect(read.maintenances).toEqual([
      {
        id: 'w1zdr745wmfy',
        title: 'Payroll database upgrade',
        start: Date.parse('2026-11-23T22:00:00.000Z'),
        end: Date.parse('2026-11-24T01:00:00.000Z'),
        now: false,
        link: 'https://status.acme.example/incidents/w1zdr745wmfy',
      },
    ]);
  });

  it('reads Uptime Kuma’s page: its pinned incident in plain words, its maintenance under way, a link to the page people read', () => {
    const read = readStatusPage(uptimeKumaStatusPage(), 'https://kuma.acme.example/api/status-page/timeclock')!;
    expect(read).toMatchObject({ kind: 'uptime-kuma', name: 'Timeclock status' });
    expect(read.incidents).toEqual([
      expect.objectContaining({
        title: 'Slow answers from the payroll link',
        latest: 'The payroll link answers slowly since 08:00. We are on it.',
        impact: 'minor',
        link: 'https://kuma.acme.example/status/timeclock',
      }),
    ]);
    expect(read.maintenances).toEqual([
      expect.objectContaining({ title: 'Network maintenance', now: true, end: Date.parse('2026-11-23T09:00:00Z') }),
    ]);
  });

  it('reads Gatus’s endpoint statuses as what fails now (its last result)', () => {
    expect(readStatusPage(gatusStatuses(), 'https://gatus.acme.example/api/v1/endpoints/statuses')).toEqual({
      kind: 'gatus',
      name: null,
      summary: null,
      incidents: [],
      maintenances: [],
      failing: ['timeclock / punches'],
    });
  });

  it('keeps links on the page’s own https host only, and takes what is not a status page as none', () => {
    const summary = statuspageSummary('status.acme.example');
    summary.incidents[0]!.shortlink = 'https://evil.example.net/phish';
    expect(readStatusPage(summary, PAGE)!.incidents[0]!.link).toBe('https://status.acme.example/');
    // A window opens https only: a plain http link is no link.
    summary.incidents[0]!.shortlink = 'http://status.acme.example/incidents/p31zjtct2jer';
    summary.page.url = 'http://status.acme.example';
    expect(readStatusPage(summary, PAGE)!.incidents[0]!.link).toBeNull();
    for (const other of [null, 'OK', 42, [], {}, { page: 'x' }, { status: 'UP' }, [{ name: 'a' }]])
      expect(readStatusPage(other, PAGE)).toBeNull();
  });

  it('tolerates fields of the wrong type, huge texts and too many entries, keeping what it can read', () => {
    const summary = statuspageSummary('status.acme.example') as unknown as Record<string, unknown>;
    summary.incidents = [
      { name: 42, status: 'investigating', incident_updates: 'none', impact: 'apocalyptic', updated_at: 'yesterday' },
      { name: null },
      ...Array.from({ length: 30 }, (_, index) => ({ id: `i${index}`, name: 'x'.repeat(5_000), status: 'investigating' })),
    ];
    summary.scheduled_maintenances = 'soon';
    const read = readStatusPage(summary, PAGE)!;
    expect(read.incidents[0]).toMatchObject({ title: '42', impact: null, latest: null, updatedAt: null });
    expect(read.incidents).toHaveLength(10);
    expect(read.incidents[1]!.title).toHaveLength(200);
    expect(read.maintenances).toEqual([]);
  });
});
