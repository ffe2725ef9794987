// A filter's checkboxes as HTML text, written by the server (decision 0139). A listing's sidebar
// has ~110 of them (every brand, colour, tag, size, category, type and condition); as React
// elements they were about half of the sidebar's render. Written as text, the same markup costs a
// string per option. The browser's build keeps React's elements and hydrates them on this text.

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/** Text made safe inside an element or a quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/**
 * One label with its checkbox per option, ticked when selected, with its count when given: the
 * markup React renders for `<label className="flex items-center gap-2 text-sm"><input
 * type="checkbox" name value defaultChecked />{option}{count}</label>`.
 */
export function checkboxesHtml(
  name: string,
  options: readonly string[],
  selected: readonly string[],
  counts?: ReadonlyMap<string, number>,
) {
  const field = escapeHtml(name);
  let html = "";
  for (const option of options) {
    const text = escapeHtml(option);
    const ticked = selected.includes(option) ? ' checked=""' : "";
    const count = counts ? `<span class="text-stone-600">(${counts.get(option) ?? 0})</span>` : "";
    html += `<label class="flex items-center gap-2 text-sm"><input type="checkbox" name="${field}"${ticked} value="${text}"/>${text}${count}</label>`;
  }
  return html;
}
