import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { checkboxesHtml, escapeHtml } from "./checkboxes-html";

// What the sidebar's groups rendered as React elements before decision 0139.
const asReact = (name: string, options: string[], selected: string[], counts?: Map<string, number>) =>
  renderToStaticMarkup(
    createElement(
      Fragment,
      null,
      options.map((option) =>
        createElement(
          "label",
          { key: option, className: "flex items-center gap-2 text-sm" },
          createElement("input", { type: "checkbox", name, value: option, defaultChecked: selected.includes(option) }),
          option,
          counts ? createElement("span", { className: "text-stone-600" }, `(${counts.get(option) ?? 0})`) : null,
        ),
      ),
    ),
  );

describe("a filter's checkboxes as text", () => {
  it("is the markup React renders for the same boxes, ticked, counted and escaped", () => {
    const options = ["Acne Studios", "Marks & Spencer", `"Quoted" <b>tag</b>`, "Chloé", "it's"];
    const cases: [string, string[], string[], Map<string, number>?][] = [
      ["brand", options, []],
      ["brand", options, ["Marks & Spencer", `"Quoted" <b>tag</b>`]],
      [
        "size",
        ["UK 8", "UK 10", "0–3 months"],
        ["UK 10"],
        new Map([
          ["UK 8", 3],
          ["UK 10", 0],
        ]),
      ],
      ["tag", [], []],
    ];
    for (const [name, opts, selected, counts] of cases) {
      expect(checkboxesHtml(name, opts, selected, counts)).toBe(asReact(name, opts, selected, counts));
    }
  });

  it("never lets a seller's words out of their text", () => {
    const html = checkboxesHtml("tag", [`x"><script>alert(1)</script>`], []);
    expect(html).not.toContain("<script>");
    expect(html).toContain('value="x&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#x27;");
  });
});
