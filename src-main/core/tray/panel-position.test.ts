import { describe, expect, it } from 'vitest';
import { panelPosition } from './panel-position.ts';

const panel = { width: 360, height: 460 };
const cursor = { x: 0, y: 0 };

describe('panel position', () => {
  it('opens above a Windows taskbar icon at the bottom right, inside the work area', () => {
    const workArea = { x: 0, y: 0, width: 1920, height: 1040 };
    expect(panelPosition({ x: 1800, y: 1048, width: 24, height: 24 }, panel, workArea, cursor)).toEqual({ x: 1552, y: 572 });
  });

  it('opens below a macOS menu-bar icon at the top', () => {
    const workArea = { x: 0, y: 25, width: 1440, height: 875 };
    expect(panelPosition({ x: 1100, y: 0, width: 22, height: 22 }, panel, workArea, cursor)).toEqual({ x: 931, y: 33 });
  });

  it('opens beside an icon on a taskbar at the left edge', () => {
    const workArea = { x: 48, y: 0, width: 1872, height: 1080 };
    expect(panelPosition({ x: 12, y: 900, width: 24, height: 24 }, panel, workArea, cursor)).toEqual({ x: 56, y: 612 });
  });

  it('uses the cursor when the tray reports no bounds (Linux), and rounds to whole pixels', () => {
    const workArea = { x: 0, y: 32, width: 1366.5, height: 736 };
    const position = panelPosition({ x: 0, y: 0, width: 0, height: 0 }, panel, workArea, { x: 1300, y: 10 });
    expect(position).toEqual({ x: 999, y: 40 });
    expect(Number.isInteger(position.x) && Number.isInteger(position.y)).toBe(true);
  });

  it('works on a second screen left of the main one', () => {
    const workArea = { x: -1280, y: 0, width: 1280, height: 984 };
    expect(panelPosition({ x: -100, y: 992, width: 24, height: 24 }, panel, workArea, cursor)).toEqual({ x: -368, y: 516 }); // clamped to that screen's right edge
  });
});
