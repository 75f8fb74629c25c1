/**
 * A menu as plain data for a whole-app test (type, label, enabled, checked, submenus): used by the
 * Electron stand-in (electron-stand-in/desktop.ts) and the real-Electron harness (electron-real/
 * harness.cjs), which is CommonJS as Electron runs it. Test support only.
 */
'use strict';

/** @param {{ items?: Array<{ type: string; label: string; enabled: boolean; checked: boolean; submenu?: unknown }> } | null | undefined} menu */
function described(menu) {
  return (menu?.items ?? []).map((item) => ({
    type: item.type,
    label: item.label,
    enabled: item.enabled,
    checked: item.checked,
    ...(item.submenu ? { items: described(item.submenu) } : {}),
  }));
}

module.exports = { described };
