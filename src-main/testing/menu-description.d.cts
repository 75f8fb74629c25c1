/** A menu as plain data for a whole-app test (menu-description.cjs). */
export interface DescribedItem {
  type: string;
  label: string;
  enabled: boolean;
  checked: boolean;
  items?: DescribedItem[];
}
export function described(
  menu:
    | { items?: ReadonlyArray<{ type: string; label: string; enabled: boolean; checked: boolean; submenu?: unknown }> }
    | null
    | undefined,
): DescribedItem[];
