/**
 * Where the tray panel opens: next to the tray icon, on the side of the screen the taskbar is on,
 * kept inside the work area, in whole pixels. Linux trays often report no icon bounds; then the
 * panel opens in the corner nearest the cursor.
 */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const GAP = 8;

export function panelPosition(
  tray: Rect,
  panel: { width: number; height: number },
  workArea: Rect,
  cursor: { x: number; y: number },
): { x: number; y: number } {
  const anchor = tray.width > 0 && tray.height > 0 ? tray : { ...cursor, width: 0, height: 0 };
  const centreX = anchor.x + anchor.width / 2;
  const centreY = anchor.y + anchor.height / 2;
  const nearTop = centreY < workArea.y + workArea.height / 2;
  const nearLeft = centreX < workArea.x + workArea.width / 2;

  // Taskbar at the left or right edge: open beside the icon; otherwise above or below it.
  const sideways = anchor.width > 0 && (anchor.x + anchor.width <= workArea.x || anchor.x >= workArea.x + workArea.width);
  let x = sideways ? (nearLeft ? workArea.x + GAP : workArea.x + workArea.width - panel.width - GAP) : centreX - panel.width / 2;
  let y = sideways ? centreY - panel.height / 2 : nearTop ? workArea.y + GAP : workArea.y + workArea.height - panel.height - GAP;

  x = Math.min(Math.max(x, workArea.x + GAP), workArea.x + workArea.width - panel.width - GAP);
  y = Math.min(Math.max(y, workArea.y + GAP), workArea.y + workArea.height - panel.height - GAP);
  return { x: Math.round(x), y: Math.round(y) };
}
