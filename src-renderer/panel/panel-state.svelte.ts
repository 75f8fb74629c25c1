/**
 * The panel's state: the clock (lib/clock-state.svelte.ts) and both systems' health. Components
 * only draw it.
 */
import type { HealthLine } from '../../src-main/shared/ipc/contract.ts';
import { api } from '../lib/api.ts';
import { ClockState } from '../lib/clock-state.svelte.ts';

export class PanelState extends ClockState {
  lines = $state<HealthLine[]>([]);

  /** Reads everything once and follows the core's events; returns the way to stop. */
  override connect(): () => void {
    const stopClock = super.connect();
    void api.checkHealthNow().then(
      (value) => (this.lines = value),
      () => {},
    );
    const stopHealth = api.onHealthChanged((value) => (this.lines = value));
    return () => {
      stopClock();
      stopHealth();
    };
  }
}
