import { data } from "react-router";
import { markReady, setTurnaround } from "../data/renting.server";
import type { Database } from "../data/db.server";
import { MAX_TURNAROUND_DAYS } from "../domain/rental-dates";
import type { AppConfig } from "../env.server";
import { tellBackOnSale } from "./alerts.server";
import { publicPagesChanged } from "./freshness.server";
import { redirectWithToast } from "./toast.server";

// The handler's side of turnaround (issue 44, item 4; decision 0080): 'Mark ready' on an item being
// prepared, and the turnaround setting. Both plain forms of the seller's and the store's Orders tabs.

type App = { env: Env; db: Database; config: AppConfig };
type Handler = { ownerId: string } | { storeId: string };

export interface PreparingFormResult {
  intent: "mark_ready" | "set_turnaround";
  errors?: { turnaroundDays?: string };
  alert: { title: string; message: string };
}

export const TURNAROUND_MESSAGE = `Enter a whole number of days from 0 to ${MAX_TURNAROUND_DAYS}.`;

/** 'Mark ready': live again now, the public pages and the shoppers waiting for it told; 404 when not theirs or not being prepared. */
export async function markReadyFromForm(app: App, form: FormData, handler: Handler, back: string, now: number) {
  const productId = String(form.get("productId") ?? "").slice(0, 100);
  if (!(await markReady(app.db, productId, handler, now))) {
    return data<PreparingFormResult>(
      {
        intent: "mark_ready",
        alert: { title: "Not marked ready", message: "That item is not one of yours being prepared." },
      },
      { status: 404 },
    );
  }
  await publicPagesChanged(app.env.CACHE, now);
  await tellBackOnSale(app, [productId], now);
  return redirectWithToast(app.config, back, {
    type: "success",
    title: "Marked ready",
    description: "The item is live again: shoppers can rent or buy it now.",
  });
}

/** The turnaround setting: 0 to 7 whole days, refused at its field otherwise. */
export async function setTurnaroundFromForm(app: App, form: FormData, handler: Handler, back: string, now: number) {
  const raw = String(form.get("turnaroundDays") ?? "").trim();
  const days = /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
  if (!(days >= 0 && days <= MAX_TURNAROUND_DAYS)) {
    return data<PreparingFormResult>(
      {
        intent: "set_turnaround",
        errors: { turnaroundDays: TURNAROUND_MESSAGE },
        alert: { title: "Turnaround not saved", message: TURNAROUND_MESSAGE },
      },
      { status: 400 },
    );
  }
  await setTurnaround(app.db, handler, days, now);
  return redirectWithToast(app.config, back, {
    type: "success",
    title: "Turnaround saved",
    description: `A returned rental is prepared for ${days} ${days === 1 ? "day" : "days"} before it is live again.`,
  });
}
