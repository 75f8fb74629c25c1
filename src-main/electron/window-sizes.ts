/**
 * How big each window opens and how small it may become. Plain data (no Electron import), so the
 * browser tests check every window at exactly the smallest size a user can give it.
 */
export type WindowName = 'panel' | 'status' | 'hours' | 'settings' | 'welcome' | 'lookup';

interface WindowSize {
  width: number;
  height: number;
  minWidth?: number;
  minHeight?: number;
}

export const PANEL_SIZE = { width: 360, height: 480 };

export const windowSizes: Record<WindowName, WindowSize> = {
  panel: PANEL_SIZE,
  status: { width: 900, height: 760, minWidth: 480, minHeight: 420 },
  hours: { width: 760, height: 760, minWidth: 420, minHeight: 420 },
  lookup: { width: 1200, height: 800, minWidth: 760, minHeight: 480 },
  settings: { width: 860, height: 720, minWidth: 640, minHeight: 480 },
  // Tall enough for the German and Spanish first screen without scrolling (layout.browser.test.ts).
  welcome: { width: 520, height: 620, minWidth: 400, minHeight: 420 },
};

/** The smallest the window can be: its minimum if it resizes, else its one size. */
export function smallestSize(name: WindowName): { width: number; height: number } {
  const size = windowSizes[name];
  return { width: size.minWidth ?? size.width, height: size.minHeight ?? size.height };
}
