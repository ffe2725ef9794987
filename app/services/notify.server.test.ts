import { describe, expect, it } from "vitest";
import { noticeMessage, type Notice } from "./notify.server";

// A notice as the queue message the consumer delivers: what the e-mail and the notification say.
describe("noticeMessage", () => {
  const config = { siteUrl: "https://closetloop.example" };
  const notice: Notice = {
    key: "order_placed:order_1:email",
    kind: "order_placed",
    userId: "user_1",
    to: "sam@example.test",
    title: "Thank you for your order",
    text: "Hello Sam,\n\nThank you for your order.",
    link: "/account/orders/order_1",
    action: "View your order",
  };

  it("makes the title the e-mail's subject, with a button to the page on this site, in the kind's category", () => {
    expect(noticeMessage(config, notice)).toMatchObject({
      type: "email",
      subject: "Thank you for your order",
      title: "Thank you for your order",
      category: "orders",
      link: "/account/orders/order_1",
      cta: { label: "View your order", url: "https://closetloop.example/account/orders/order_1" },
    });
  });

  it("gives the e-mail its own subject where the notice has one, and the notification keeps the title", () => {
    const message = noticeMessage(config, { ...notice, subject: "Your Closetloop order order_1" });
    expect([message.subject, message.title]).toEqual(["Your Closetloop order order_1", "Thank you for your order"]);
  });

  it("leaves the button out where the notice has no action; the notification still links to the page", () => {
    const { action: _none, ...without } = notice;
    const message = noticeMessage(config, without);
    expect(message).not.toHaveProperty("cta");
    expect(message.link).toBe("/account/orders/order_1");
  });
});
