/**
 * The status page IT already runs, read whatever it is built with: what it publishes (incidents
 * going on with their latest update, maintenance planned or under way, what it sees failing) in
 * one shape. Three APIs, as their documentation and source give them:
 *
 * - Atlassian Statuspage's public `GET /api/v2/summary.json` (https://metastatuspage.com/api,
 *   "Summary"): `page`, `status.indicator/description`, `incidents[]` with `incident_updates[]`
 *   newest first and a `shortlink`, `scheduled_maintenances[]` with `scheduled_for/until`. Many
 *   hosted status pages serve the same shape.
 * - Uptime Kuma's `GET /api/status-page/<slug>` (louislam/uptime-kuma,
 *   server/routers/status-page-router.js and server/model/status_page.js getStatusPageData):
 *   `config`, the pinned `incident` (or `incidents[]` in newer versions) with `title`, `content`,
 *   `style`, `lastUpdatedDate`, and `maintenanceList[]` with `status` and `timeslotList[]`.
 * - Gatus's `GET /api/v1/endpoints/statuses` (TwiN/gatus README, "API"): a list of endpoints with
 *   their `results[]`, oldest first; it publishes no incidents, only what fails.
 *
 * A server text is kept short and plain; a link only if it is on the status page's own host (the
 * one address IT named). Anything else is not a status page we know: null. Pure.
 */

export interface PublishedIncident {
  id: string;
  title: string;
  /** The page's own word for where it stands ("investigating", "identified", "monitoring"); null if none. */
  status: string | null;
  /** How bad, in Statuspage's words (Uptime Kuma's styles mapped to them). */
  impact: 'none' | 'minor' | 'major' | 'critical' | null;
  /** The latest update's words. */
  latest: string | null;
  updatedAt: number | null;
  link: string | null;
}

export interface PublishedMaintenance {
  id: string;
  title: string;
  start: number | null;
  end: number | null;
  /** Under way now, by the page's word (whatever its times say). */
  now: boolean;
  link: string | null;
}

export interface PublishedStatus {
  kind: 'statuspage' | 'uptime-kuma' | 'gatus';
  name: string | null;
  /** The page's one line ("All Systems Operational", "Partial System Outage"); null if it has none. */
  summary: string | null;
  incidents: PublishedIncident[];
  maintenances: PublishedMaintenance[];
  /** What the page sees failing now (Gatus's endpoints), by name. */
  failing: string[];
}

const MAX_ITEMS = 10;
type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject).slice(0, MAX_ITEMS * 5) : []);
/** A server's text as one short plain line (no control characters, no markup's angle brackets). */
function text(value: unknown, max = 200): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const plain = String(value)
    .replace(/<[^>]*>/g, ' ')
    // eslint-disable-next-line no-control-regex -- the control characters are the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain === '') return null;
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}
const instant = (value: unknown): number | null => {
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(ms) ? ms : null;
};

/** A link the page gives, kept only on the page's own host over https (what may be opened from a window). */
function linkOn(value: unknown, pageUrl: string): string | null {
  if (typeof value !== 'string') return null;
  try {
    const page = new URL(pageUrl);
    const link = new URL(value, page);
    return link.protocol === 'https:' && link.hostname === page.hostname ? link.href : null;
  } catch {
    return null;
  }
}

export function readStatusPage(body: unknown, pageUrl: string): PublishedStatus | null {
  if (isObject(body) && isObject(body.page) && (Array.isArray(body.incidents) || isObject(body.status)))
    return statuspage(body, pageUrl);
  if (isObject(body) && isObject(body.config) && Array.isArray(body.publicGroupList)) return uptimeKuma(body, pageUrl);
  if (Array.isArray(body) && body.length > 0 && body.every((entry) => isObject(entry) && Array.isArray(entry.results)))
    return gatus(body as Json[]);
  return null;
}

const STATUSPAGE_IMPACTS = ['none', 'minor', 'major', 'critical'] as const;
const impactOf = (value: unknown) => STATUSPAGE_IMPACTS.find((impact) => impact === value) ?? null;

function statuspage(body: Json, pageUrl: string): PublishedStatus {
  const page = body.page as Json;
  const status = isObject(body.status) ? body.status : {};
  const incidents = list(body.incidents)
    .filter((incident) => incident.status !== 'resolved' && incident.status !== 'postmortem')
    .flatMap((incident): PublishedIncident[] => {
      const title = text(incident.name);
      if (!title) return [];
      const latest = list(incident.incident_updates)[0];
      return [
        {
          id: String(incident.id ?? title),
          title,
          status: text(incident.status, 40),
          impact: impactOf(incident.impact),
          latest: text(latest?.body, 500),
          updatedAt: instant(latest?.created_at ?? incident.updated_at),
          link: linkOn(incident.shortlink, pageUrl) ?? linkOn(page.url, pageUrl),
        },
      ];
    });
  const maintenances = list(body.scheduled_maintenances)
    .filter((maintenance) => ['scheduled', 'in_progress', 'verifying'].includes(String(maintenance.status)))
    .flatMap((maintenance): PublishedMaintenance[] => {
      const title = text(maintenance.name);
      if (!title) return [];
      return [
        {
          id: String(maintenance.id ?? title),
          title,
          start: instant(maintenance.scheduled_for),
          end: instant(maintenance.scheduled_until),
          now: maintenance.status !== 'scheduled',
          link: linkOn(maintenance.shortlink, pageUrl) ?? linkOn(page.url, pageUrl),
        },
      ];
    });
  return {
    kind: 'statuspage',
    name: text(page.name, 80),
    summary: text(status.description, 120),
    incidents: incidents.slice(0, MAX_ITEMS),
    maintenances: maintenances.slice(0, MAX_ITEMS),
    failing: [],
  };
}

/** Uptime Kuma's incident styles, as Statuspage's impacts. */
const KUMA_IMPACT: Record<string, PublishedIncident['impact']> = { danger: 'major', warning: 'minor', info: 'none' };

function uptimeKuma(body: Json, pageUrl: string): PublishedStatus {
  const config = body.config as Json;
  // The page people read is /status/<slug>; the API is /api/status-page/<slug>.
  const pageLink = linkOn(pageUrl.replace('/api/status-page/', '/status/'), pageUrl);
  const incidents = [...(isObject(body.incident) ? [body.incident] : []), ...list(body.incidents)].flatMap(
    (incident): PublishedIncident[] => {
      const title = text(incident.title);
      if (!title) return [];
      return [
        {
          id: String(incident.id ?? title),
          title,
          status: null,
          impact: KUMA_IMPACT[String(incident.style)] ?? null,
          latest: text(incident.content, 500),
          updatedAt: instant(incident.lastUpdatedDate ?? incident.createdDate),
          link: pageLink,
        },
      ];
    },
  );
  const maintenances = list(body.maintenanceList)
    .filter((maintenance) => maintenance.status === 'under-maintenance' || maintenance.status === 'scheduled')
    .flatMap((maintenance): PublishedMaintenance[] => {
      const title = text(maintenance.title);
      if (!title) return [];
      const slot = list(maintenance.timeslotList)[0];
      return [
        {
          id: String(maintenance.id ?? title),
          title,
          start: instant(slot?.startDate),
          end: instant(slot?.endDate),
          now: maintenance.status === 'under-maintenance',
          link: pageLink,
        },
      ];
    });
  return {
    kind: 'uptime-kuma',
    name: text(config.title, 80),
    summary: null,
    incidents: dedupe(incidents).slice(0, MAX_ITEMS),
    maintenances: maintenances.slice(0, MAX_ITEMS),
    failing: [],
  };
}

function gatus(endpoints: Json[]): PublishedStatus {
  const failing = endpoints.flatMap((endpoint) => {
    // Oldest first: the last result is now (a long list is not cut before it).
    const results = Array.isArray(endpoint.results) ? endpoint.results : [];
    const last: unknown = results.at(-1);
    const name = text(endpoint.group ? `${String(endpoint.group)} / ${String(endpoint.name)}` : endpoint.name, 80);
    return isObject(last) && last.success === false && name ? [name] : [];
  });
  return { kind: 'gatus', name: null, summary: null, incidents: [], maintenances: [], failing: failing.slice(0, MAX_ITEMS) };
}

const dedupe = (incidents: PublishedIncident[]) =>
  incidents.filter((incident, index) => incidents.findIndex((other) => other.id === incident.id) === index);
