/**
 * The sandbox's data is "as of" this month, so its answers never drift with the calendar. A module
 * of its own, importing nothing: the keyword metrics read the results pages' plans, and those
 * pages, places and profiles date things by this month, so none of them may wait on another.
 */
export const SANDBOX_DATA_MONTH = { year: 2026, month: 10 };
