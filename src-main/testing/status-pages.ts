/**
 * Status pages as their APIs answer, written from each one's documentation, for the tests of
 * core/health/status-page-*.ts: Atlassian Statuspage's `/api/v2/summary.json`
 * (https://metastatuspage.com/api#summary: page, status, components, incidents with
 * incident_updates newest first, scheduled_maintenances), Uptime Kuma's
 * `/api/status-page/<slug>` (louislam/uptime-kuma server/model/status_page.js getStatusPageData:
 * config, incident, publicGroupList, maintenanceList; incident.toPublicJSON and
 * maintenance.toPublicJSON) and Gatus's `/api/v1/endpoints/statuses` (TwiN/gatus README "API":
 * endpoint statuses with results, oldest first). A small server serves any of them, or fails as
 * a status page can: down, slow, huge, not JSON.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Statuspage's summary with an incident going on, one resolved, and maintenance under way and ahead. */
export function statuspageSummary(host: string, { at = '2026-11-23T08:30:00.000Z' } = {}) {
  const page = { id: 'y2j98763l56x', name: 'Acme Services', url: `https://${host}`, time_zone: 'Etc/UTC', updated_at: at };
  const update = (body: string, status: string, created_at: string) => ({
    id: `u-${created_at}`,
    status,
    body,
    created_at,
    updated_at: created_at,
    display_at: created_at,
    incident_id: 'p31zjtct2jer',
  });
  return {
    page,
    components: [
      {
        id: 'b13yz5g2cw10',
        name: 'Timeclock API',
        status: 'partial_outage',
        created_at: at,
        updated_at: at,
        position: 1,
        description: null,
        showcase: true,
        group_id: null,
        page_id: page.id,
        group: false,
        only_show_if_degraded: false,
      },
    ],
    incidents: [
      {
        id: 'p31zjtct2jer',
        name: 'Clock-ins delayed',
        status: 'identified',
        created_at: '2026-11-23T08:10:00.000Z',
        updated_at: at,
        monitoring_at: null,
        resolved_at: null,
        impact: 'major',
        shortlink: `https://${host}/incidents/p31zjtct2jer`,
        page_id: page.id,
        incident_updates: [
          update('The database failover is running; punches are queued and will be recorded.', 'identified', at),
          update('We are investigating delayed clock-ins.', 'investigating', '2026-11-23T08:10:00.000Z'),
        ],
        components: [],
      },
      {
        id: 'old1',
        name: 'Yesterday’s blip',
        status: 'resolved',
        impact: 'minor',
        incident_updates: [],
        created_at: '2026-11-22T08:00:00.000Z',
        updated_at: '2026-11-22T09:00:00.000Z',
        shortlink: 'https://evil.example.net/x',
      },
    ],
    scheduled_maintenances: [
      {
        id: 'w1zdr745wmfy',
        name: 'Payroll database upgrade',
        status: 'scheduled',
        impact: 'maintenance',
        scheduled_for: '2026-11-23T22:00:00.000Z',
        scheduled_until: '2026-11-24T01:00:00.000Z',
        shortlink: `https://${host}/incidents/w1zdr745wmfy`,
        incident_updates: [],
      },
    ],
    status: { indicator: 'major', description: 'Partial System Outage' },
  };
}

/** Uptime Kuma's status page data with its pinned incident and a maintenance under way. */
export function uptimeKumaStatusPage() {
  return {
    config: {
      slug: 'timeclock',
      title: 'Timeclock status',
      description: null,
      icon: '/icon.svg',
      theme: 'auto',
      published: true,
      showTags: false,
    },
    incident: {
      id: 3,
      style: 'warning',
      title: 'Slow answers from the <b>payroll link</b>',
      content: 'The payroll link answers slowly since 08:00.\u0007 We are on it.',
      pin: true,
      createdDate: '2026-11-23 08:05:00',
      lastUpdatedDate: '2026-11-23T08:20:00Z',
    },
    publicGroupList: [{ id: 1, name: 'Services', weight: 1, monitorList: [{ id: 7, name: 'Timeclock API', type: 'http' }] }],
    maintenanceList: [
      {
        id: 2,
        title: 'Network maintenance',
        description: 'Switch replacement',
        strategy: 'single',
        active: true,
        status: 'under-maintenance',
        timeslotList: [{ startDate: '2026-11-23T08:00:00Z', endDate: '2026-11-23T09:00:00Z' }],
      },
    ],
  };
}

/** Gatus's endpoint statuses: one healthy, one whose last result failed (results oldest first). */
export function gatusStatuses() {
  const result = (success: boolean, timestamp: string) => ({
    status: success ? 200 : 503,
    hostname: 'api.example.com',
    duration: 120_000_000,
    conditionResults: [],
    success,
    timestamp,
    errors: [],
  });
  return [
    {
      name: 'health',
      group: 'timeclock',
      key: 'timeclock_health',
      results: [result(true, '2026-11-23T08:00:00Z'), result(true, '2026-11-23T08:01:00Z')],
      events: [],
    },
    {
      name: 'punches',
      group: 'timeclock',
      key: 'timeclock_punches',
      results: [result(true, '2026-11-23T08:00:00Z'), result(false, '2026-11-23T08:01:00Z')],
      events: [],
    },
  ];
}

export type PageBehaviour =
  | { kind: 'json'; body: unknown }
  | { kind: 'status'; status: number }
  | { kind: 'slow'; ms: number }
  | { kind: 'huge'; bytes: number }
  | { kind: 'text'; body: string };

export interface StatusPageServer {
  url: string;
  requests: number;
  set(behaviour: PageBehaviour): void;
  close(): Promise<void>;
}

export async function startStatusPageServer(behaviour: PageBehaviour): Promise<StatusPageServer> {
  let current = behaviour;
  const server: StatusPageServer & { requests: number } = {
    url: '',
    requests: 0,
    set: (next) => void (current = next),
    close: () => new Promise((resolve) => (http.closeAllConnections(), http.close(() => resolve()))),
  };
  const answer = (res: ServerResponse) => {
    const now = current;
    if (now.kind === 'json') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(now.body));
    if (now.kind === 'status') return void res.writeHead(now.status, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
    if (now.kind === 'text') return void res.writeHead(200, { 'content-type': 'text/html' }).end(now.body);
    if (now.kind === 'huge') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"page":{"name":"${'x'.repeat(now.bytes)}"}}`);
      return;
    }
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'), now.ms).unref();
  };
  const http = createServer((_req, res) => {
    server.requests++;
    answer(res);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  server.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/api/v2/summary.json`;
  return server;
}
