import { render } from "@react-email/components";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { NoticeEmail, type NoticeEmailProps } from "../emails/notice";
import { renderEmailHtml } from "./email-render.server";

// The Worker renders e-mails without React Email's `render`, whose formatter made the Worker
// 1.8 MB larger (decision 0077). Every message's HTML must stay byte for byte what that render
// (without `pretty`, as it was called) made.
const cases: Array<[string, NoticeEmailProps]> = [
  [
    "a plain notice",
    {
      siteUrl: "https://closetloop.test",
      subject: "Your order is on its way",
      text: "Hello,\n\nYour order ships today.",
    },
  ],
  [
    "a button, a reason and an unsubscribe link",
    {
      siteUrl: "https://closetloop.test",
      subject: 'Welcome <to> the "newsletter" & more',
      text: "Hello,\n\n\nThank you for subscribing.\n\nSee what's new: £12.50 & up",
      cta: { label: "Browse new arrivals", url: "https://closetloop.test/all-products?sort=new&x=1" },
      reason: "You get this because you subscribed.",
      unsubscribeUrl: "https://closetloop.test/unsubscribe?token=a%2Bb",
    },
  ],
];

describe("renderEmailHtml", () => {
  it.each(cases)("renders %s exactly as React Email's render did", async (_name, props) => {
    const html = await renderEmailHtml(createElement(NoticeEmail, props));
    expect(html).toBe(await render(createElement(NoticeEmail, props)));
    expect(html).toMatch(/^<!DOCTYPE html PUBLIC "-\/\/W3C\/\/DTD XHTML 1\.0 Transitional\/\/EN"/);
    expect(html).toContain(
      props.subject.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replaceAll('"', "&quot;"),
    );
  });
});
