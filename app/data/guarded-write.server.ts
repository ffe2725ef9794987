import { isUniqueViolation } from "./db.server";

// A write a unique index may refuse (a name or slug taken meanwhile): the admin tabs' saves answer
// it as a duplicate rather than an error (app/data/admin-brands.server.ts, brand-suggestions.server.ts,
// admin-content.server.ts).

export type WriteResult = { ok: true } | { ok: false; duplicate: true };

export const guarded = async (work: () => Promise<unknown>): Promise<WriteResult> => {
  try {
    await work();
    return { ok: true };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, duplicate: true };
    throw error;
  }
};
