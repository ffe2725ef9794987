import AxeBuilder from "@axe-core/playwright";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type TestInfo,
} from "@playwright/test";

export const DEMO_PASSWORD = "closetloop-demo";
export const DEMO = {
  shopper: "shopper@closetloop.test",
  vendor: "vendor@closetloop.test",
  store: "store@closetloop.test",
  admin: "admin@closetloop.test",
  reviewer: "reviewer@closetloop.test",
} as const;

/** The browser project as the tests' own records name it (tests/e2e/seed): "js" or "nojs". */
export const projectOf = (info: TestInfo) => (info.project.name === "js" ? "js" : "nojs");

/**
 * A spec's own shopper for this browser project (tests/e2e/seed/80-own-accounts.mjs): the spec
 * files run side by side (two workers, and the js and no-js runs of one file at the same time), so
 * a test that fills a basket, orders, saves favorites or sizes, or asks a seller, does it as an
 * account no other spec uses. Its password is the demo password.
 */
export const ownAccount = (spec: string, info: TestInfo) => `${spec}-${projectOf(info)}@closetloop.test`;

/** A spec's own item for this browser project (tests/e2e/seed/85-own-items.mjs), e.g. ownItem("shop", info) → /product/prod_e2e_shop_js. */
export const ownItem = (spec: string, info: TestInfo, kind?: string) =>
  `/product/prod_e2e_${spec}_${projectOf(info)}${kind ? `_${kind}` : ""}`;

/**
 * Gives the page's browser context a client address of its own (sent as cf-connecting-ip, which
 * the rate limits count by): locally every visitor is otherwise the same address, and the whole
 * suite's sign-ins, sign-ups and store requests would share one person's per-address limits.
 */
export async function ownAddress(page: Page) {
  const part = () => 1 + Math.floor(Math.random() * 250);
  await page.context().setExtraHTTPHeaders({ "cf-connecting-ip": `10.${part()}.${part()}.${part()}` });
}

type Cookies = Awaited<ReturnType<BrowserContext["cookies"]>>;
/** Where a signed-in session of an account is kept for this run (the output folder, emptied when a run starts). */
const sessionFile = (email: string) => join(test.info().project.outputDir, ".sessions", `${email}.json`);

/** Uses the session saved for the account, if any and still signed in, and opens `redirectTo` with it. */
async function savedSession(page: Page, email: string, redirectTo: string) {
  let cookies: Cookies;
  try {
    cookies = JSON.parse(await readFile(sessionFile(email), "utf8")) as Cookies;
  } catch {
    return false;
  }
  await page.context().addCookies(cookies);
  await page.goto(redirectTo);
  return (await page.getByTestId("avatar-menu").count()) > 0;
}

async function saveSession(page: Page, email: string) {
  const file = sessionFile(email);
  await mkdir(dirname(file), { recursive: true });
  // Written whole, then renamed: another worker may be reading it.
  const partial = `${file}.${process.pid}.${Date.now()}`;
  await writeFile(partial, JSON.stringify((await page.context().cookies()).filter((c) => /session/.test(c.name))));
  await rename(partial, file);
}

/** The page's script errors and console errors from now on (a hydration mismatch logs one). */
export function errorsOf(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

/**
 * What the page itself reports as errors from its first script on (a hydration mismatch is one,
 * reported before the header's enhancements start), read once the browser is idle: the page
 * hydrates part by part after the header. Call before the page is opened.
 */
export async function hydrationReports(page: Page) {
  await page.addInitScript(() => {
    const reported: string[] = ((window as unknown as { reported: string[] }).reported = []);
    window.addEventListener("error", (event) => reported.push(String(event.message)));
  });
  const read = () =>
    page.evaluate(
      () =>
        new Promise<string[]>((done) =>
          requestIdleCallback(() => done((window as unknown as { reported: string[] }).reported)),
        ),
    );
  return async () => {
    await read();
    return read();
  };
}

/**
 * Signs in as a person would, from an address of their own (see ownAddress), and lands on
 * `redirectTo`. An account with the demo password (the demo and the tests' own accounts) signs in
 * through the real form once per run; later sign-ins, in any worker, reuse that session (a
 * session holds nothing but who it is; the tests never sign these accounts out but for
 * personal-pages.spec.ts, whose account is its own), which saves a form and a password hash per
 * test and keeps within the sign-in limits. `{ form: true }` always uses the form: for the tests
 * of signing in itself, and where the header must show at once what someone else just changed
 * (a session's header values are kept for up to 10 s, decision 0039, and a shared session may
 * have shown a page in another test a moment ago). Any other password always uses the form.
 */
export async function login(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  redirectTo = "/",
  { form = false } = {},
) {
  await ownAddress(page);
  const shared = password === DEMO_PASSWORD && !form;
  if (shared && (await savedSession(page, email, redirectTo))) return;
  await page.goto(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`);
  const signIn = page.getByRole("region", { name: "Sign In" });
  await signIn.getByLabel("Email").fill(email);
  await signIn.getByLabel("Password").fill(password);
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByTestId("avatar-menu")).toBeVisible();
  if (shared) await saveSession(page, email);
}

/**
 * Waits for the header to hydrate: until then its links and forms are plain ones, as without
 * JavaScript. The basket link says it opens a dialog only once hydrated (decision 0130). For a
 * test of what the header does with JavaScript (a client navigation, the basket drawer).
 */
export async function headerHydrated(page: Page) {
  const basket = page.getByRole("link", { name: /^Basket, \d+ items?$/ });
  await expect(basket).toHaveAttribute("aria-haspopup", "dialog");
  return basket;
}

/** Opens the avatar menu (a <details> element, so it works without JavaScript too). */
export async function openAvatarMenu(page: Page) {
  const menu = page.getByTestId("avatar-menu");
  await menu.locator("summary").click();
  return menu;
}

/**
 * A live, available product with both a rental and a buying price, found through the listing.
 * Not one of the tests' own items (prod_e2e_…): another spec may be ordering it at this moment.
 */
export async function openBuyableProduct(page: Page) {
  await page.goto("/all-products?sort=price_desc");
  const links = page.getByRole("region", { name: "Products" }).getByRole("article").getByRole("link");
  const hrefs = await links.evaluateAll((els) => els.map((e) => e.getAttribute("href")));
  for (const href of new Set(hrefs.filter((h) => h && !h.startsWith("/product/prod_e2e_")))) {
    await page.goto(href!);
    const both =
      (await page.getByText("Rent Now Buy Later", { exact: true }).count()) &&
      (await page.getByText("Buy Now", { exact: true }).count());
    if (both && (await page.getByRole("button", { name: "ADD TO BASKET" }).count())) return href!;
  }
  throw new Error("no buyable product in the seeded catalog");
}

/** Signs in with the demo password, reusing the account's session of this run (see login). */
export async function loginOnce(page: Page, email: string, redirectTo = "/") {
  await login(page, email, DEMO_PASSWORD, redirectTo);
}

/**
 * Waits for a message in the local outbox (the queue delivers it a moment later) and returns the
 * path of its link matching `link` (null when it has none). The outbox answers only to this
 * machine, so it is read from a context of its own, without the client address a test's people
 * send (ownAddress).
 */
export async function outboxLink(browser: Browser, to: string, subject: string | RegExp, link: RegExp = /^https?:/) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const message = page
      .getByRole("listitem")
      .filter({ hasText: `To: ${to}` })
      .filter({ hasText: subject });
    await expect(async () => {
      await page.goto("/dev/outbox");
      await expect(message.first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    const links = message.first().getByRole("link", { name: link });
    if (!(await links.count())) return null;
    const href = new URL((await links.first().getAttribute("href"))!);
    return href.pathname + href.search;
  } finally {
    await context.close();
  }
}

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
export const photo = (name: string) => ({ name, mimeType: "image/png", buffer: PNG });

/** Fills the Upload Product form of the seller dashboard with a coat (tags with or without JavaScript). */
export async function fillProduct(page: Page, name: string) {
  const form = page.getByRole("form", { name: "Upload Product" });
  await form.getByLabel("Title").fill(name);
  await form.getByLabel("Description").fill("A camel coat listed by the browser tests.");
  await form.getByLabel("Brand").fill("Toast");
  await form.getByLabel("Product type").selectOption("Women");
  await form.getByLabel("Category").selectOption("Coats");
  // Sizes are required (issue 25): a women's coat in UK 10.
  await form.locator('select[name="size"]').selectOption("UK 10");
  await form.getByLabel("Condition").selectOption("Almost New");
  await form.getByLabel("Original price (£)").fill("300");
  await form.getByLabel("Rental price for 7 days (£)").fill("18.50");
  await form.getByLabel("Buying price (£)").fill("135");
  const addTag = form.getByRole("button", { name: "Add tag" });
  const tags = form.getByRole("textbox", { name: "Tags", exact: true });
  if (await addTag.count()) {
    // With JavaScript: one tag with Enter, one with the button.
    await tags.fill("wool");
    await tags.press("Enter");
    await tags.fill("camel");
    await addTag.click();
    await expect(form.getByRole("list", { name: "Tags added" }).getByRole("listitem")).toHaveCount(2);
  } else {
    await tags.fill("wool, camel");
  }
  return form;
}

/**
 * With JavaScript, waits until the form's upload control is the enhanced one: React swaps the
 * plain file input for it once the page is hydrated (the enhanced input has no name, its files go
 * up as they are chosen), and a file chosen before that would be dropped with the plain input.
 */
export async function uploadControlReady(form: Locator) {
  if (test.info().project.name === "js") await expect(form.locator('input[type="file"]:not([name])')).toBeAttached();
}

/**
 * Chooses photos on the Upload Product form. With JavaScript each is sent at once: waits, as a
 * person would, until the previews show and the upload's progress bar is gone (before that,
 * 'Create Product' answers "Please wait for the images to finish uploading.", as it should).
 */
export async function choosePhotos(form: Locator, names: string[]) {
  await uploadControlReady(form);
  await form.locator('input[type="file"]').setInputFiles(names.map(photo));
  if (await form.getByRole("button", { name: "Add tag" }).count()) {
    for (const name of names) await expect(form.getByRole("img", { name: `Preview of ${name}` })).toBeVisible();
    await expect(form.getByRole("progressbar", { name: "Uploading images" })).toHaveCount(0);
  }
}

/**
 * This shopper's basket holds one item, added from its page (`onProduct` checks the page first),
 * and /cart is open with a UK address filled in: ready for 'Complete Order'.
 */
export async function readyToCheckOut(
  page: Page,
  productPath: string,
  { fullName = "Sam Shopper", onProduct }: { fullName?: string; onProduct?: () => Promise<void> } = {},
) {
  await page.goto("/cart");
  if (await page.getByRole("button", { name: "Clear cart" }).count())
    await page.getByRole("button", { name: "Clear cart" }).click();
  await page.goto(productPath);
  await onProduct?.();
  await page.getByRole("button", { name: "ADD TO BASKET" }).click();
  await expect(page.getByText("Item added to cart").first()).toBeVisible();
  await page.goto("/cart");
  await page.getByLabel("Full Name").first().fill(fullName);
  await page.getByLabel("Address Line 1").first().fill("1 Test Street");
  await page.getByLabel("City").first().fill("London");
  await page.getByLabel("Postal Code").first().fill("N1 1AA");
}

/**
 * After 'Complete Order': the local payment provider's hosted page (decision 0055) stands in for
 * Stripe's. 'Pay' delivers the signed event that confirms the order, then returns to the order's
 * page, which is its confirmation.
 */
export async function payOnLocalPage(page: Page) {
  await expect(page).toHaveURL(/\/dev\/payments\/checkout\/cs_local_[0-9a-f]{32}$/);
  // The page answers only to this machine (decision 0018); ownAddress gave the context another
  // address, so this page speaks from loopback while it pays, then goes back to its own.
  await page.setExtraHTTPHeaders({ "cf-connecting-ip": "127.0.0.1" });
  try {
    await page.reload();
    await expect(page.getByRole("heading", { name: "Pay for your order" })).toBeVisible();
    await page.getByRole("button", { name: /^Pay £/ }).click();
    await expect(page).toHaveURL(/\/account\/orders\/order_[0-9A-Z]+\?placed=1$/);
    // With JavaScript the address changes before React has drawn the order page: wait for it, so
    // a caller reading the page never reads the payment page's heading (CI, stop 52).
    await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  } finally {
    await page.setExtraHTTPHeaders({});
  }
}

/**
 * Axe finds no WCAG 2.1 A/AA violation on the page as it is (`where` names it in the failure).
 * Only violations are asserted, so axe details only them (`resultTypes`): it skips describing every
 * node that passes, a third of its time on a dashboard's tables of forms.
 */
export async function expectNoAxeViolations(page: Page, where = page.url()) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .options({ resultTypes: ["violations"] })
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.help}\n  ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 5)
        .join("\n  ")}`,
  );
  expect(summary, `${where}\n${summary.join("\n")}`).toEqual([]);
}
