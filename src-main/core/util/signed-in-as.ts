/**
 * Who made a change or opened a debtor, as the records on this computer write it: the signed-in
 * employee's id, with the display name where one is set ("E1001 · Ana Díaz").
 */
export const signedInAs = (employeeId: string, displayName: string): string => {
  const name = displayName.trim();
  return name ? `${employeeId} · ${name}` : employeeId;
};
