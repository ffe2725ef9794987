// Counts in English (DECISIONS.md, wave 4: the spec's '(1 items)', '(1 handler(s))' and
// '1 favorite(s)' read '1 item', '2 items'); the rest of each string stays as the spec has it.

/** '1 item', '2 items', '0 items': the count with its noun. */
export const counted = (count: number, singular: string, plural = `${singular}s`) =>
  `${count} ${count === 1 ? singular : plural}`;
