// What a test fixture looks like on a page (issue 24, item 10): the browser tests' own records
// (tests/e2e/seed) by their names and ids, and the marks any test data carries (the 'e2e' tag,
// example.test addresses). scripts/jobs.test.mjs crawls the demo shop's public pages, seeded as
// `npm start` seeds them, and fails on any of these.
import { ACCOUNT_ITEMS, RENTER } from "../tests/e2e/seed/20-account-journeys.mjs";
import { LIFECYCLE_ITEMS } from "../tests/e2e/seed/50-lifecycle.mjs";

const NAMES = [
  ...ACCOUNT_ITEMS.map(([, , id, name]) => [id, name]).flat(),
  ...LIFECYCLE_ITEMS.map(([id, name]) => [id, name]).flat(),
  RENTER.email,
  RENTER.displayName,
];
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const MARKS = [...NAMES.map((name) => new RegExp(escape(name))), /\be2e\b/i, /@example\.test\b/i, /\bfixture\b/i];

/** The fixture marks a page shows (none on a demo page). */
export function fixtureMarks(html) {
  return MARKS.filter((mark) => mark.test(html)).map(String);
}

/** The public pages a visitor reaches by following links: same site, no account, dashboard or form pages. */
export const PRIVATE =
  /^\/(account|vendor|admin|auth|cart|favorites|dev|uploads|consent|newsletter|images|assets|healthz)(\/|\?|$)|^\/store(\?|$|\/product\/)/;
