// Text put into markup written by hand (the sitemap's XML, the request gate's small HTML page):
// the five characters that could end a text or an attribute, as entities both XML and HTML read.

export const escapeMarkup = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
