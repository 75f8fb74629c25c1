/**
 * The status page's news into the watch: each incident it publishes told once (per address, while
 * the app runs: an incident still going on is told again after a restart), and what is shown
 * updated whenever a read changes something.
 */
import type { NotificationPolicy } from './notification-types.ts';
import type { StatusPageWatch } from './status-page-watch.ts';
import { pageName } from './published-view.ts';

export function followStatusPage(statusPage: StatusPageWatch, policy: NotificationPolicy, updated: () => void): void {
  const told = new Set<string>();
  statusPage.onChange((state) => {
    const published = state?.published;
    for (const incident of published?.incidents ?? []) {
      const key = `${state!.url}\n${incident.id}`;
      if (told.has(key)) continue;
      told.add(key);
      policy.announcePublished(incident.title, incident.latest, pageName(state!));
    }
    updated();
  });
}
