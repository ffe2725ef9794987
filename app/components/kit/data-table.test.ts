import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { DataTable, type DataTableProps } from "./data-table";
import { RowAction } from "./row-actions";

// The table as the server sends it: what a screen reader and a browser without JavaScript get.

interface Order {
  id: string;
  shopper: string;
  total: string;
}

function render<Row>(props: DataTableProps<Row>) {
  const Stub = createRoutesStub([{ path: "/admin/orders", Component: () => h(DataTable<Row>, props) }]);
  return renderToString(h(Stub, { initialEntries: ["/admin/orders?q=ada"] })).replace(/<!-- -->/g, "");
}

const ORDERS: Order[] = [
  { id: "order_1", shopper: "Ada", total: "£10.00" },
  { id: "order_2", shopper: "Grace", total: "£20.00" },
];

const table = (rows: Order[], extra: Partial<DataTableProps<Order>> = {}) =>
  render<Order>({
    caption: "Orders, newest first",
    rows,
    empty: "No orders yet.",
    columns: [
      { header: "Order", rowHeader: true, cell: (o) => o.id },
      { header: "Shopper", cell: (o) => o.shopper },
      { header: "Total", numeric: true, cell: (o) => o.total },
      {
        header: "Actions",
        hiddenHeader: true,
        cell: (o) =>
          h(RowAction, {
            intent: "cancel",
            text: "Cancel",
            label: `Cancel order ${o.id}`,
            fields: { orderId: o.id },
            returnTo: true,
          }),
      },
    ],
    ...extra,
  });

describe("DataTable", () => {
  it("says on a phone that a wide table scrolls sideways, and only for a wide one (decision 0069)", () => {
    const hint = "Scroll the table sideways to see every column.";
    expect(table(ORDERS, { wide: true })).toMatch(
      new RegExp(`<p class="[^"]*md:hidden[^"]*" aria-hidden="true">${hint}</p>`),
    );
    expect(table(ORDERS)).not.toContain(hint);
  });

  it("names the table by its caption and describes its rows by a spoken summary", () => {
    const html = table(ORDERS);
    expect(html).toContain('<caption class="sr-only">Orders, newest first</caption>');
    const describedBy = /<table[^>]*aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(describedBy).toBeTruthy();
    expect(html).toContain(`<p id="${describedBy}" class="sr-only">2 rows.</p>`);
  });

  it("heads each column, hides an actions heading from sight only, and names each row by its row header", () => {
    const html = table(ORDERS);
    expect(html).toMatch(/<th scope="col"[^>]*>Order<\/th>/);
    expect(html).toMatch(/<th scope="col"[^>]*><span class="sr-only">Actions<\/span><\/th>/);
    expect(html).toMatch(/<th scope="col" class="[^"]*text-right[^"]*">Total<\/th>/);
    expect(html).toMatch(
      /<tr><th scope="row" class="font-medium">order_1<\/th><td>Ada<\/td><td class="text-right tabular-nums">£10\.00<\/td>/,
    );
    expect(/<tbody[^>]*>(.*)<\/tbody>/.exec(html)?.[1]?.match(/<tr>/g)).toHaveLength(2);
  });

  it("pads its head and body cells and aligns its rows once, on the table, not on each cell (decision 0120)", () => {
    expect(table(ORDERS)).toMatch(/<table class="[^"]*\btable-cells\b/);
    expect(table(ORDERS, { dense: true })).toMatch(/<table class="[^"]*\btable-cells-dense\b/);
    expect(table(ORDERS)).not.toMatch(/<t[dhr][ >][^>]*class="[^"]*\b(py|pr)-\d|align-top/);
  });

  it("gives each row action its own plain POST form, naming the record and coming back to this page", () => {
    const html = table(ORDERS);
    const forms = html.match(/<form [^>]*method="post"[^>]*>.*?<\/form>/g) ?? [];
    expect(forms).toHaveLength(2);
    expect(forms[0]).toContain('<input type="hidden" name="returnTo" value="/admin/orders?q=ada"/>');
    expect(forms[0]).toContain('<input type="hidden" name="orderId" value="order_1"/>');
    const button = /<button [^>]*>Cancel<\/button>/.exec(forms[0]!)?.[0];
    for (const attribute of ['type="submit"', 'name="intent"', 'value="cancel"', 'aria-label="Cancel order order_1"'])
      expect(button).toContain(attribute);
  });

  it("shows the empty text instead of a table without rows, and the table all the same when told (null)", () => {
    const empty = table([]);
    expect(empty).not.toContain("<table");
    expect(empty).toContain("No orders yet.");
    expect(table([], { empty: null })).toContain("<table");
  });

  it("adds Previous and Next links under a paged list, and says which page it is", () => {
    const html = table(ORDERS, { paging: { page: 2, hasNext: true, href: (n) => `/admin/orders?page=${n}` } });
    expect(html).toContain('<nav aria-label="Pages"');
    expect(html).toMatch(/href="\/admin\/orders\?page=1"[^>]*>Previous</);
    expect(html).toMatch(/href="\/admin\/orders\?page=3"[^>]*>Next</);
    expect(html).toContain("2 rows on page 2; more on the next page.");
    expect(table(ORDERS, { paging: { page: 1, hasNext: false, href: String } })).not.toContain('aria-label="Pages"');
  });

  it("says a page past the end is past the end, with a link to the first page, not 'No orders yet.'", () => {
    const html = table([], { paging: { page: 999, hasNext: false, href: (n) => `/admin/orders?page=${n}` } });
    expect(html).toContain("There is nothing on page 999.");
    expect(html).toMatch(/href="\/admin\/orders\?page=1"[^>]*>Go to the first page</);
    expect(html).not.toContain("No orders yet.");
    expect(html).not.toContain('aria-label="Pages"');
  });

  it("shows a visible caption, hidden headings and a foot for a small table of amounts", () => {
    const html = table(ORDERS, {
      captionShown: true,
      headersHidden: true,
      footer: h("tr", null, h("th", { scope: "row" }, "Total paid"), h("td", null, "£30.00")),
    });
    expect(html).toContain('<caption class="mb-2 text-left font-semibold">Orders, newest first</caption>');
    expect(html).toContain('<thead class="sr-only">');
    expect(html).toContain('<tfoot><tr><th scope="row">Total paid</th><td>£30.00</td></tr></tfoot>');
  });
});
