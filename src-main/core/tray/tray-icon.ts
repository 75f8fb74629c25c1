/** Which tray icon file shows a state: the clock glyph with the health badge over it. */
export type ClockGlyph = 'in' | 'out';
import type { HealthBadge } from '../../shared/domain/health.ts';

export const clockGlyphs: readonly ClockGlyph[] = ['in', 'out'];
export const healthBadges: readonly HealthBadge[] = ['up', 'suspect', 'down', 'unknown'];

/** File name under assets/tray/ (Electron picks the @2x sibling on high-DPI screens by itself). */
export const trayIconFile = (clock: ClockGlyph, health: HealthBadge) => `tray-${clock}-${health}.png`;

/** macOS menu-bar template (black + alpha; the system tints it). Health shows in the title there. */
export const trayTemplateFile = (clock: ClockGlyph) => `tray-${clock}Template.png`;
