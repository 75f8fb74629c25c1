/** The ids by which the search box points at the results list and its active option. */
export const listId = 'debtor-results';
export const optionId = (index: number) => `debtor-option-${index}`;

/** The height of a row of results (two lines), for the list and for paging through it by keyboard. */
export const RESULT_ROW_HEIGHT = 48;
