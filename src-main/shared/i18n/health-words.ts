/** A system's name as people read it: the environment's own name for it, or "Time recording" / "Payroll link". */
import type { SystemNames } from '../domain/environments.ts';
import type { HealthSystem } from '../api/types.ts';
import { english } from './catalogues.ts';
import type { Translate } from './translator.ts';

export const systemLabel = (system: HealthSystem, t: Translate = english.t, names?: SystemNames) =>
  names?.[system]?.trim() || t(`health.system.${system}`);
