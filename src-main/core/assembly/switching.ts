/**
 * The active environment and its changes, told to everyone once: a switch (asked first while
 * punches of the current one still wait), new credentials, another employee — each service told
 * only what concerns it — and the app's info as windows show it.
 */
import type { AppInfo, PushedEvents } from '../../shared/ipc/contract.ts';
import type { ClockService } from '../clock/clock-service.ts';
import type { Outbox } from '../clock/outbox.ts';
import { isMockEnvironment } from '../environments/environment.ts';
import type { EnvironmentRegistry } from '../environments/environment-registry.ts';
import type { HealthService } from '../health/health-service-types.ts';
import type { LookupService } from '../lookup/lookup-service.ts';
import type { ProxySignIn } from '../security/proxy-sign-in.ts';
import type { Emitter } from '../util/emitter.ts';
import type { AppCoreOptions } from './app-core-options.ts';
import type { Language } from './language.ts';

interface SwitchingNeeds {
  options: Pick<AppCoreOptions, 'productName' | 'version'>;
  environments: EnvironmentRegistry;
  language: Language;
  secretFor: (environmentId: string) => string | null;
  proxySignIn: ProxySignIn;
  outbox: Outbox;
  health: HealthService;
  clock: ClockService;
  lookup: LookupService;
  events: Emitter<PushedEvents>;
}

export function createEnvironmentSwitching(needs: SwitchingNeeds) {
  const { environments, language, outbox, health, clock, lookup } = needs;

  const info = (): AppInfo => {
    const environment = environments.active().environment;
    return {
      productName: needs.options.productName,
      version: needs.options.version,
      environment: {
        id: environment.id,
        name: environment.name,
        isMock: isMockEnvironment(environment),
        ...(environment.accessPortalUrl ? { accessPortalUrl: environment.accessPortalUrl } : {}),
      },
    };
  };

  /**
   * What the watch, the clock and the lookup depend on, apart: the environment itself, where and how
   * the app signs in (URLs, auth, API settings, secret), and who clocks. A new name changes nothing;
   * a new employee id changes the clock alone (the lookup's data is the same for everyone).
   */
  const activeKey = () => {
    const { id, name: _shownOnly, employeeId, ...signIn } = environments.active().environment;
    // The proxy's sign-in too: saved after a 407, the health watch and the lookup try again with it.
    return { id, employeeId, signIn: JSON.stringify([signIn, needs.secretFor(id), needs.proxySignIn.fingerprint()]) };
  };
  let lastActive = activeKey();

  /** Whoever changed the active environment, its credentials or the list tells everyone through this. */
  function environmentsChanged(): void {
    const current = activeKey();
    if (current.id !== lastActive.id) {
      health.environmentChanged();
      clock.environmentChanged();
      void lookup.clear();
    } else {
      if (current.signIn !== lastActive.signIn) {
        health.credentialsChanged();
        clock.credentialsChanged();
        void lookup.clear();
      }
      // Another employee's state is another state: the clock starts from what it knows of theirs.
      if (current.employeeId !== lastActive.employeeId) clock.environmentChanged();
    }
    lastActive = current;
    needs.events.emit('environmentsChanged', info());
  }

  /** Why switching to another environment deserves a second thought (punches still waiting), if it does. */
  function switchWarning(targetId: string): string | null {
    const current = environments.active().environment;
    const target = environments.get(targetId)?.environment;
    const waiting = outbox.all().filter((punch) => punch.environmentId === current.id && !punch.stopped).length;
    if (!target || target.id === current.id || waiting === 0) return null;
    return language.t('environment.switchWarning', { count: waiting, current: current.name, target: target.name });
  }

  return {
    info,
    environmentsChanged,
    deleteWarning(environmentId: string): string | null {
      const environment = environments.get(environmentId)?.environment;
      const unsent = outbox.all().filter((punch) => punch.environmentId === environmentId).length;
      if (!environment || unsent === 0) return null;
      return language.t('environment.deleteWarning', { count: unsent, name: environment.name });
    },
    switchEnvironment(targetId: string, confirmed: boolean): { ok: true } | { ok: false; warning: string } {
      const warning = switchWarning(targetId);
      if (warning && !confirmed) return { ok: false, warning };
      environments.setActive(targetId);
      environmentsChanged();
      return { ok: true };
    },
  };
}
