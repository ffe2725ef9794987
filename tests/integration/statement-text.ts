// A statement's SQL text and values, as drizzle's batch would send them: what the tests of
// statements built once (decisions 0111, 0132, 0135, 0138) compare with a fresh build's.

type Built = { _prepare(): { getQuery(): { sql: string; params: unknown[] } } };

export const queryOf = (statement: unknown) => {
  const { sql, params } = (statement as Built)._prepare().getQuery();
  return { sql, params };
};
