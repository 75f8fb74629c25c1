/**
 * The tray's context menu and tooltip as pure functions of state. The shell turns the model into
 * an Electron menu and routes each item's `action` back to the core.
 */
export type TrayAction = 'open-panel' | 'quit';

export type MenuItemModel = { type: 'normal'; label: string; action?: TrayAction; enabled?: boolean } | { type: 'separator' };

export interface TrayState {
  productName: string;
  environmentName: string;
  isMock: boolean;
}

const separator: MenuItemModel = { type: 'separator' };

export function trayMenu(state: TrayState): MenuItemModel[] {
  return [
    { type: 'normal', label: environmentLine(state), enabled: false },
    separator,
    { type: 'normal', label: `Open ${state.productName}…`, action: 'open-panel' },
    separator,
    { type: 'normal', label: `Quit ${state.productName}`, action: 'quit' },
  ];
}

export function trayTooltip(state: TrayState): string {
  return `${state.productName} — ${environmentLine(state)}`;
}

function environmentLine(state: TrayState): string {
  return `Environment: ${state.environmentName}${state.isMock ? ' · demo data' : ''}`;
}
