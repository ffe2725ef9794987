// The browser's React DOM without view transitions, fragment refs and action state (decision 0149):
// applied to the installed React DOM, it renders, reorders, updates and removes elements exactly as
// React DOM's own build does (both run side by side on the same small document), and refuses the
// three features it left out rather than ignoring them.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAst } from "vite";
import { appFilesAsking, packageDir, transform } from "./patch-test-helpers.mjs";
import {
  ACTION_STATE_LEFT_OUT,
  FRAGMENT_REFS_LEFT_OUT,
  VIEW_TRANSITIONS_LEFT_OUT,
  reactDomWithoutUnusedFeatures,
} from "./react-dom-client-lean.mjs";

const require = createRequire(import.meta.url);
const CLIENT = path.join(packageDir("react-dom"), "cjs/react-dom-client.production.js");
const PRODUCTION = {
  react: path.join(packageDir("react"), "cjs/react.production.js"),
  scheduler: path.join(packageDir("scheduler"), "cjs/scheduler.production.js"),
  "react-dom": path.join(packageDir("react-dom"), "cjs/react-dom.production.js"),
};
const React = require(PRODUCTION.react);
const { flushSync } = require(PRODUCTION["react-dom"]);
const scratch = fileURLToPath(new URL("../../node_modules/.cache/library-patch/", import.meta.url));

// A document just large enough for React DOM to create, move, change and remove elements and text.
class FakeNode {
  constructor(ownerDocument, nodeName, nodeType) {
    Object.assign(this, { ownerDocument, nodeName, nodeType, childNodes: [], parentNode: null, attributes: {} });
    this.style = {};
  }
  get firstChild() {
    return this.childNodes[0] ?? null;
  }
  get lastChild() {
    return this.childNodes.at(-1) ?? null;
  }
  get nextSibling() {
    const siblings = this.parentNode?.childNodes ?? [];
    return siblings[siblings.indexOf(this) + 1] ?? null;
  }
  appendChild(child) {
    return this.insertBefore(child, null);
  }
  insertBefore(child, before) {
    child.parentNode?.removeChild(child);
    const at = before ? this.childNodes.indexOf(before) : this.childNodes.length;
    this.childNodes.splice(at, 0, child);
    child.parentNode = this;
    return child;
  }
  removeChild(child) {
    this.childNodes.splice(this.childNodes.indexOf(child), 1);
    child.parentNode = null;
    return child;
  }
  setAttribute(name, value) {
    this.attributes[name] = String(value);
  }
  removeAttribute(name) {
    delete this.attributes[name];
  }
  addEventListener() {}
  removeEventListener() {}
  get textContent() {
    return this.nodeType === 3 ? this.nodeValue : this.childNodes.map((c) => c.textContent).join("");
  }
  set textContent(text) {
    for (const child of [...this.childNodes]) this.removeChild(child);
    if (text) this.appendChild(this.ownerDocument.createTextNode(text));
  }
  toString() {
    if (this.nodeType === 3) return this.nodeValue;
    const attributes = Object.entries(this.attributes).map(([k, v]) => ` ${k}="${v}"`);
    return `<${this.nodeName.toLowerCase()}${attributes.join("")}>${this.childNodes.join("")}</${this.nodeName.toLowerCase()}>`;
  }
}

function fakeDocument() {
  const document = new FakeNode(null, "#document", 9);
  document.ownerDocument = null;
  document.createElement = (tag) => new FakeNode(document, tag.toUpperCase(), 1);
  document.createTextNode = (text) => Object.assign(new FakeNode(document, "#text", 3), { nodeValue: text });
  document.documentElement = document.appendChild(document.createElement("html"));
  document.body = document.documentElement.appendChild(document.createElement("body"));
  document.activeElement = document.body;
  document.defaultView = globalThis.window;
  return document;
}

const OWN = readFileSync(CLIENT, "utf8");
// Patched once for every test (the file is 625 kB).
const LEAN = transform(reactDomWithoutUnusedFeatures(), OWN, CLIENT).code;

const loaded = [];
/** React DOM's client, as installed or as the browser's build patches it, on the production React. */
function reactDomClient(patched) {
  const code = patched ? LEAN : OWN;
  mkdirSync(scratch, { recursive: true });
  const where = path.join(
    scratch,
    `react-dom-client-${patched ? "lean" : "own"}-${Math.random().toString(36).slice(2)}.cjs`,
  );
  writeFileSync(
    where,
    code.replace(
      /require\("(react|scheduler|react-dom)"\)/g,
      (_, name) => `require(${JSON.stringify(PRODUCTION[name])})`,
    ),
  );
  loaded.push(where);
  return require(where);
}

const h = React.createElement;
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Renders a list through its changes (sync and in transitions) and returns the document after each. */
async function renderThrough(client) {
  const document = fakeDocument();
  const container = document.body.appendChild(document.createElement("div"));
  const errors = [];
  const root = client.createRoot(container, { onUncaughtError: (error) => errors.push(error.message) });
  const list = (items, title) =>
    h(
      "section",
      { className: "list" },
      h("h2", null, title),
      h(
        React.Fragment,
        null,
        items.map((item) => h("p", { key: item, "data-item": item }, `item ${item}`)),
      ),
      h("footer", null, "end"),
    );
  const seen = [];
  flushSync(() => root.render(list([1, 2, 3], "first")));
  seen.push(String(container));
  React.startTransition(() => root.render(list([3, 1, 4, 2], "moved")));
  await settle();
  seen.push(String(container));
  flushSync(() => root.render(list([1, 3, 4, 2], "swapped")));
  seen.push(String(container));
  flushSync(() => root.render(list([4], "removed")));
  seen.push(String(container));
  React.startTransition(() => root.render(h(React.Suspense, { fallback: "…" }, list([5, 4], "suspense"))));
  await settle();
  seen.push(String(container));
  flushSync(() => root.unmount());
  seen.push(String(container));
  return { seen, errors };
}

/** The message React DOM reports when `element` is rendered (or its refs attached). */
async function reported(client, element) {
  const document = fakeDocument();
  const container = document.body.appendChild(document.createElement("div"));
  const errors = [];
  const root = client.createRoot(container, { onUncaughtError: (error) => errors.push(error.message) });
  flushSync(() => root.render(element));
  await settle();
  root.unmount();
  return errors;
}

describe("React DOM's browser build without view transitions, fragment refs and action state (decision 0149)", () => {
  const previous = { window: globalThis.window, document: globalThis.document };
  beforeAll(() => {
    globalThis.window = {
      addEventListener() {},
      removeEventListener() {},
      HTMLIFrameElement: class {},
      event: undefined,
    };
    globalThis.document = globalThis.window.document = fakeDocument();
  });
  afterAll(() => {
    Object.assign(globalThis, previous);
    for (const file of loaded) rmSync(file, { force: true });
  });

  it("keeps every function React DOM declares, with the left-out features' bodies gone", () => {
    const declared = (code) =>
      parseAst(code)
        .body.filter((node) => node.type === "FunctionDeclaration")
        .map((node) => node.id.name);
    expect(declared(LEAN)).toEqual(declared(OWN));
    expect(LEAN.length).toBeLessThan(OWN.length - 40_000);
    expect(LEAN).not.toMatch(/FragmentInstance\.prototype|ownerDocument\.startViewTransition/);
  });

  it("creates, moves, updates and removes elements as React DOM's own build does", async () => {
    const own = await renderThrough(reactDomClient(false));
    const lean = await renderThrough(reactDomClient(true));
    expect(own.errors).toEqual([]);
    expect(own.seen[1]).toBe(
      '<div><section class="list"><h2>moved</h2><p data-item="3">item 3</p><p data-item="1">item 1</p><p data-item="4">item 4</p><p data-item="2">item 2</p><footer>end</footer></section></div>',
    );
    expect(lean).toEqual(own);
  });

  it("refuses a <ViewTransition>, a ref on a Fragment and useActionState", async () => {
    const client = reactDomClient(true);
    expect(await reported(client, h(React.ViewTransition, null, h("p", null, "x")))).toEqual([
      VIEW_TRANSITIONS_LEFT_OUT,
    ]);
    expect(await reported(client, h(React.Fragment, { ref: () => {} }, h("p", null, "x")))).toEqual([
      FRAGMENT_REFS_LEFT_OUT,
    ]);
    function WithActionState() {
      const [state] = React.useActionState((previous) => previous, 0);
      return h("p", null, state);
    }
    expect(await reported(client, h(WithActionState))).toEqual([ACTION_STATE_LEFT_OUT]);
  });

  it("is safe because the app and its browser libraries ask for none of the three", () => {
    const asking = appFilesAsking(/ViewTransition\b|useActionState|useFormState|<(React\.)?Fragment\b[^>]*\bref=/);
    expect(asking).toEqual([]);
  });

  it("fails the build, naming the decision, when React DOM changes", () => {
    expect(() => transform(reactDomWithoutUnusedFeatures(), "function startViewTransition() {}\n", CLIENT)).toThrow(
      /React DOM changed; see decision 0149/,
    );
  });
});
