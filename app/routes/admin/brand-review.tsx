import { Form } from "react-router";
import type { Route } from "./+types/brand-review";
import { adminBrandsPart, brandById } from "../../data/admin-brands.server";
import { batchParts } from "../../data/parts.server";
import {
  approveSuggestion,
  mergeSuggestion,
  rejectSuggestion,
  suggestionById,
  suggestionListsPart,
} from "../../data/brand-suggestions.server";
import { BRAND_MESSAGES, REVIEW_MESSAGES } from "../../domain/admin-content";
import { adminTab } from "../../domain/admin-tabs";
import { formText } from "../../domain/admin-lists";
import { formatShortDate } from "../../domain/dates";
import { openAdminAction, openAdminLoader, refuse } from "../../services/admin-actions.server";
import { refuseFields } from "../../services/admin-content.server";
import { publicPagesChanged } from "../../services/freshness.server";
import { redirectWithToast } from "../../services/toast.server";
import { tellBrandSuggestionDecided } from "../../services/notices.server";
import { ActionAlert } from "../../components/admin";
import { buttonClass, primaryButtonClass } from "../../components/kit/buttons";
import { RejectForm } from "../../components/reject-form";
import { readDecisionReason } from "../../domain/decision-reason";
import { fieldErrors } from "../../components/admin-content";
import { EmptyState, Panel } from "../../components/kit/panel";
import { StatusBadge } from "../../components/kit/badge";

// Admin Brand Review (seller-store-admin.md §2, §3, §4; issue 14 item 5): sellers' brand
// suggestions with Approve (the brand is created), Merge (into an existing brand: the products
// that used the suggested name move to it) and Reject with a required reason. The seller sees
// the status on their upload form (app/data/seller.server.ts).

export const meta: Route.MetaFunction = () => [
  { title: "Brand Review | Admin | Closetloop" },
  { name: "robots", content: "noindex" },
];

const TAB = adminTab("brand-review").href;

// Its GET authorizes with the user the session kept while their visit rides with its batch, and
// only reads (a page whose visit finds another user is rendered again): decision 0116.
export const visitRides = true;

export async function loader(args: Route.LoaderArgs) {
  const { app } = openAdminLoader(args, "brand-review");
  const [lists, brands] = await batchParts(app.db, [suggestionListsPart(app.db), adminBrandsPart(app.db)] as const);
  return { ...lists, brands: brands.map((b) => ({ id: b.id, name: b.name })) };
}

export const intents = ["approve", "merge", "reject"] as const;

export async function action(args: Route.ActionArgs) {
  const { user, app, form, intent } = await openAdminAction(args, "brand-review", intents);
  if (!intent) return refuse(app.config, 400, REVIEW_MESSAGES.failed, "Unknown action.");
  const suggestion = await suggestionById(app.db, formText(form, "suggestionId"));
  if (!suggestion) return refuse(app.config, 404, REVIEW_MESSAGES.failed, "Brand suggestion not found.");
  if (suggestion.status !== "pending")
    return refuse(app.config, 409, REVIEW_MESSAGES.failed, REVIEW_MESSAGES.notPending);
  const now = Date.now();
  const formId = `${intent}-${suggestion.id}`;
  let mergedInto: string | null = null;
  let rejectReason: string | null = null;

  if (intent === "approve") {
    const saved = await approveSuggestion(app.db, suggestion, `brand_${crypto.randomUUID()}`, user.id, now);
    if (!saved.ok)
      return refuse(
        app.config,
        409,
        REVIEW_MESSAGES.failed,
        `${BRAND_MESSAGES.duplicate}: merge the suggestion into it instead.`,
      );
  } else if (intent === "merge") {
    const brand = await brandById(app.db, formText(form, "brandId"));
    if (!brand) return refuseFields(app.config, formId, REVIEW_MESSAGES.failed, { brandId: REVIEW_MESSAGES.pickBrand });
    await mergeSuggestion(app.db, suggestion, brand, user.id, now);
    mergedInto = brand.name;
  } else {
    const reason = readDecisionReason(form);
    if (!reason.ok) return refuseFields(app.config, formId, REVIEW_MESSAGES.failed, { reason: reason.error });
    await rejectSuggestion(app.db, suggestion, reason.reason, user.id, now);
    rejectReason = reason.reason;
  }
  // The seller who suggested it is told (issue 23).
  await tellBrandSuggestionDecided(
    app,
    suggestion.id,
    intent === "approve" ? "approved" : intent === "merge" ? "merged" : "rejected",
    intent === "merge" ? mergedInto : intent === "reject" ? rejectReason : null,
  );
  // Approve adds a brand to the public lists; merge renames products on public pages.
  if (intent !== "reject") await publicPagesChanged(app.env.CACHE, now);
  const title =
    intent === "approve"
      ? REVIEW_MESSAGES.approved
      : intent === "merge"
        ? REVIEW_MESSAGES.merged
        : REVIEW_MESSAGES.rejected;
  return redirectWithToast(app.config, TAB, { type: "success", title, description: suggestion.suggestedName });
}

export default function AdminBrandReview({ loaderData, actionData }: Route.ComponentProps) {
  const { pending, reviewed, brands } = loaderData;
  return (
    <>
      <ActionAlert data={actionData} />
      <Panel title={`Brand suggestions (${pending.length})`}>
        {pending.length === 0 ? (
          <EmptyState>No brand suggestions are waiting.</EmptyState>
        ) : (
          <ul className="divide-y divide-stone-200">
            {pending.map((s) => {
              const mergeErrors = fieldErrors(actionData, `merge-${s.id}`);
              return (
                <li key={s.id} className="grid gap-3 py-4 lg:grid-cols-[1fr_auto]">
                  <div>
                    <p className="font-medium">{s.suggestedName}</p>
                    {s.description ? <p className="text-sm text-stone-700">{s.description}</p> : null}
                    <p className="text-xs text-stone-600">
                      {`Suggested by ${s.suggesterName ?? "a deleted account"} on ${formatShortDate(s.createdAt)} · ${s.products} product(s) use this name`}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-start gap-3">
                    <Form method="post">
                      <input type="hidden" name="suggestionId" value={s.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="approve"
                        className={primaryButtonClass}
                        aria-label={`Approve ${s.suggestedName}`}
                      >
                        Approve
                      </button>
                    </Form>
                    {/* Folded, one open at a time: the brand list is long (issue 46 item 5). */}
                    <details name="suggestion-merge" open={mergeErrors.brandId ? true : undefined}>
                      <summary className="cursor-pointer py-1.5 text-sm text-brand underline">{`Merge ${s.suggestedName} into a brand`}</summary>
                      <Form
                        method="post"
                        className="mt-2 flex flex-wrap items-start gap-2"
                        aria-label={`Merge ${s.suggestedName}`}
                      >
                        <input type="hidden" name="suggestionId" value={s.id} />
                        <div className="flex flex-col gap-1">
                          <label htmlFor={`merge-${s.id}`} className="sr-only">
                            Merge {s.suggestedName} into
                          </label>
                          <select
                            id={`merge-${s.id}`}
                            name="brandId"
                            defaultValue=""
                            aria-invalid={mergeErrors.brandId ? true : undefined}
                            aria-describedby={mergeErrors.brandId ? `merge-${s.id}-error` : undefined}
                            className="rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm"
                          >
                            <option value="">Merge into…</option>
                            {brands.map((b) => (
                              <option key={b.id} value={b.id}>
                                {b.name}
                              </option>
                            ))}
                          </select>
                          {mergeErrors.brandId ? (
                            <p id={`merge-${s.id}-error`} className="text-sm text-red-700">
                              {mergeErrors.brandId}
                            </p>
                          ) : null}
                        </div>
                        <button
                          type="submit"
                          name="intent"
                          value="merge"
                          className={buttonClass}
                          aria-label={`Merge ${s.suggestedName}`}
                        >
                          Merge
                        </button>
                      </Form>
                    </details>
                    <RejectForm
                      id={s.id}
                      name={s.suggestedName}
                      shownTo="the seller who suggested it"
                      answer={actionData}
                    >
                      <input type="hidden" name="suggestionId" value={s.id} />
                    </RejectForm>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Panel>
      <Panel title="Reviewed suggestions">
        {reviewed.length === 0 ? (
          <EmptyState>No suggestions reviewed yet.</EmptyState>
        ) : (
          <ul className="divide-y divide-stone-200">
            {reviewed.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <span className="font-medium">{s.suggestedName}</span>
                  {s.status === "merged" && s.mergedInto ? ` → ${s.mergedInto}` : ""}
                  {s.status === "rejected" && s.rejectionReason ? ` — ${s.rejectionReason}` : ""}
                </span>
                <span>
                  <StatusBadge status={s.status} label={`Suggestion: ${s.status}`} />{" "}
                  {s.reviewedAt ? formatShortDate(s.reviewedAt) : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </>
  );
}
