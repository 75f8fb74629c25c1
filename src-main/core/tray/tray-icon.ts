/** Which tray icon file shows a state: the clock glyph with the health badge over it. */
export type ClockGlyph = 'in' | 'out';
import type { HealthBadge } from '../../shared/domain/health.ts';

export const clockGlyphs: readonly ClockGlyph[] = ['in', 'out'];
export const healthBadges: readonly HealthBadge[] = ['up', 'suspect', 'down', 'unknown'];

/** File name under assets/tray/ (Electron picks the @2x sibling on high-DPI screens by itself). */
export const trayIconFile = (clock: ClockGlyph, health: HealthBadge) => `tray-${clock}-${health}.png`;

/**
 * Windows' contrast themes: the same shapes in the theme's two colours only — white on a dark
 * taskbar, black on a light one (nativeTheme.shouldUseHighContrastColors says when).
 */
export type TrayContrast = 'none' | 'dark' | 'light';
export const trayContrasts: readonly Exclude<TrayContrast, 'none'>[] = ['dark', 'light'];

/** The icon file for a contrast theme: `tray-in-up-contrast-dark.png`; the colour one outside any. */
export const contrastIconFile = (file: string, contrast: TrayContrast) =>
  contrast === 'none' ? file : file.replace(/\.png$/, `-contrast-${contrast}.png`);

/** A contrast theme from what the system says: none, or the taskbar's dark or light. */
export const trayContrastOf = (highContrast: boolean, dark: boolean): TrayContrast =>
  highContrast ? (dark ? 'dark' : 'light') : 'none';

/** macOS menu-bar template (black + alpha; the system tints it). Health shows in the title there. */
export const trayTemplateFile = (clock: ClockGlyph) => `tray-${clock}Template.png`;
