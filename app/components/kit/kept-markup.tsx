import { createContext, createElement, useContext, type ReactNode } from "react";

// The page's frame rendered once per what it shows (decision 0142): the header and the footer are
// the same markup on page after page, and rendering them was 5–8% of a rendered page's CPU. On the
// server a part's markup is kept by its inputs (app/services/part-renderer.server.tsx) and written
// into its element as one string; in the browser the part renders as any other and hydrates on
// that markup, which is what React rendered for it. Its children must show nothing but what
// `inputs` says (links and forms to absolute addresses; a handler shows nothing): a value a child
// reads from elsewhere (the location, a context) goes into `inputs`, or the part is not kept.

/**
 * The server's keeper of parts' markup, by the JSON of their inputs (null: a part rendered in
 * place, whose markup React would hoist from); none in the browser.
 */
export type MarkupOnce = (key: string, part: ReactNode) => string | null;

export const MarkupOnceContext = /* @__PURE__ */ createContext<MarkupOnce | null>(null);

/** `<as className>` with `children`, whose markup the server renders once per `inputs`. */
export function KeptMarkup({
  as,
  className,
  inputs,
  children,
}: {
  as: "header" | "footer";
  className: string;
  inputs: unknown;
  children: ReactNode;
}) {
  // The browser's build keeps only the element (the server's branch is left out of it).
  if (!import.meta.env.SSR) return createElement(as, { className }, children);
  const markupOnce = useContext(MarkupOnceContext);
  const html = markupOnce ? markupOnce(JSON.stringify([as, inputs]), children) : null;
  if (html === null) return createElement(as, { className }, children);
  return createElement(as, { className, dangerouslySetInnerHTML: { __html: html } });
}
