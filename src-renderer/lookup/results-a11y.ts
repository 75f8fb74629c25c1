/** The ids by which the search box points at the results list and its active option. */
export const listId = 'debtor-results';
export const optionId = (index: number) => `debtor-option-${index}`;
