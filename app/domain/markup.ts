// Markup written by hand: the sitemap's XML, and the small HTML page of a refusal that no route
// renders (the request gate's, a download's).

/** Text put into markup: the five characters that could end a text or an attribute, as entities both XML and HTML read. */
export const escapeMarkup = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

/** A small page for a browser that was refused where no page of the app can answer: a title, what happened, and a way on. */
export function refusalPage(title: string, sentence: string, way: { href: string; label: string }) {
  return `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeMarkup(title)} | Closetloop</title></head><body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5"><p><a href="/">Closetloop</a></p><h1>${escapeMarkup(title)}</h1><p role="alert">${escapeMarkup(sentence)}</p><p><a href="${escapeMarkup(way.href)}">${escapeMarkup(way.label)}</a></p></body></html>\n`;
}
