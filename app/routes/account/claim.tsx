import { data, Link } from "react-router";
import type { Route } from "./+types/claim";
import { appContext, requestState } from "../../context";
import { claimFor } from "../../data/claims.server";
import { returnDestination } from "../../data/returns.server";
import { claimReturnOf } from "../../data/labels.server";
import { checkPartial, CLAIM_MESSAGES, comesBack, readClaimText } from "../../domain/claims";
import { readIntent } from "../../domain/intents";
import { formatGBP } from "../../domain/money";
import { handlesOrders } from "../../domain/roles";
import { uploadBodyLimit } from "../../domain/upload-sizes";
import { ClaimAnswerForms, ClaimDetails, type ClaimAnswerData } from "../../components/order/claim-parts";
import { ClaimReturnPart } from "../../components/order/claim-return";
import { claimReturnLabel } from "../../services/claim-returns.server";
import { answerClaim, answerOffer, paidFor } from "../../services/claim-decisions.server";
import { requireUser } from "../../services/guards.server";
import { redirectWithToast } from "../../services/toast.server";
import { commitImages, deleteImages, readImageField } from "../../services/uploads.server";

// One claim (issue 43 item 3; decision 0078): /account/claims/{claimId}, for its shopper, the
// item's handler (seller or store owner) and staff; anyone else gets 'Claim not found'. The
// handler accepts, offers part or disputes (with their text and photos); the shopper answers an
// offer. Every answer is a plain form (multipart where it carries photos).

export const meta: Route.MetaFunction = () => [{ title: "Claim | Closetloop" }, { name: "robots", content: "noindex" }];

export const bodyLimit = uploadBodyLimit("claim");

export const intents = ["accept", "offer", "dispute", "accept_offer", "decline_offer", "return_label"] as const;

const notFound = () => data(CLAIM_MESSAGES.notYours, { status: 404 });

async function viewerOf(app: ReturnType<typeof appContextOf>, claimId: string, user: ReturnType<typeof requireUser>) {
  const own = await claimFor(app.db, claimId, { id: user.id, staff: false });
  if (own) return { claim: own, role: own.shopperId === user.id ? ("shopper" as const) : ("handler" as const) };
  if (!handlesOrders(user)) return null;
  const claim = await claimFor(app.db, claimId, { id: user.id, staff: true });
  return claim ? { claim, role: "staff" as const } : null;
}
const appContextOf = (context: Route.LoaderArgs["context"]) => context.get(appContext);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = appContextOf(context);
  const user = requireUser(context, request);
  const viewer = await viewerOf(app, params.claimId.slice(0, 100), user);
  if (!viewer) throw notFound();
  const { claim } = viewer;
  // Refunded in full after delivery: the item goes back to its handler on a prepaid label (decision 0093).
  const sendBack = comesBack(claim)
    ? {
        destination: (await returnDestination(app.db, claim)).lines,
        label: await claimReturnOf(app.db, claim.id),
        returnedAt: claim.returnedAt,
      }
    : null;
  // A rental refunded in full goes back as every rental does, with the rental's own return.
  const rentalBack = claim.itemKind === "rental" && comesBack({ ...claim, itemKind: "purchase" });
  return {
    claim,
    role: viewer.role,
    paid: paidFor(claim),
    sendBack,
    rentalBack,
    reported: new URL(request.url).searchParams.get("reported") === "1",
    zone: context.get(requestState).timeZone,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const app = appContextOf(context);
  const user = requireUser(context, request);
  const form = await request.formData();
  const intent = readIntent(form, intents);
  const viewer = await viewerOf(app, params.claimId.slice(0, 100), user);
  if (!viewer) throw notFound();
  const { claim, role } = viewer;
  const here = `/account/claims/${encodeURIComponent(claim.id)}`;
  const now = Date.now();
  const values = {
    amount: String(form.get("amount") ?? "").slice(0, 20),
    text: String(form.get("text") ?? "").slice(0, 2100),
  };
  const fail = (status: number, errors: ClaimAnswerData["errors"], title = "Not sent") =>
    data<ClaimAnswerData>(
      { intent: intent ?? "", errors, values, alert: { title, message: Object.values(errors ?? {})[0] ?? "" } },
      { status },
    );
  if (!intent) return fail(400, { intent: "Unknown action." });

  if (intent === "accept_offer" || intent === "decline_offer") {
    if (role !== "shopper") throw notFound();
    const result = await answerOffer(app, claim.id, user.id, intent === "accept_offer", now);
    if (!result.ok) return fail(result.status, { intent: result.message });
    const description =
      intent === "accept_offer"
        ? `${formatGBP(claim.offerAmount ?? 0)} is refunded to your card.`
        : "Our team will look at both sides and decide.";
    return redirectWithToast(app.config, here, {
      type: "success",
      title: intent === "accept_offer" ? "Offer accepted" : "Offer declined",
      description,
    });
  }

  if (intent === "return_label") {
    // The claim's prepaid return label, for its shopper (decision 0093); two presses make one.
    if (role !== "shopper") throw notFound();
    const outcome = await claimReturnLabel(app, claim, user.id, now);
    if (!outcome.ok)
      return data<ClaimAnswerData>(
        { intent, values, alert: { title: "No label", message: outcome.message } },
        { status: outcome.httpStatus },
      );
    return redirectWithToast(
      app.config,
      `/account/labels/${outcome.labelId}`,
      {
        type: "success",
        title: "Return label ready",
        description: "Print it and stick it on the parcel: it is paid for.",
      },
      { status: 303 },
    );
  }

  if (role !== "handler") throw notFound();
  if (intent === "offer") {
    const amount = checkPartial(values.amount, paidFor(claim));
    if (!amount.ok) return fail(400, { amount: amount.error });
    const result = await answerClaim(app, claim.id, user.id, { type: "offer", amount: amount.amount }, now);
    if (!result.ok) return fail(result.status, { intent: result.message });
    return redirectWithToast(app.config, here, {
      type: "success",
      title: "Offer sent",
      description: `The shopper is asked to accept ${formatGBP(amount.amount)} back.`,
    });
  }
  if (intent === "dispute") {
    const text = readClaimText(values.text);
    if (!text) return fail(400, { text: CLAIM_MESSAGES.description });
    const photos = await readImageField(form, app.env.IMAGES, {
      use: "claim",
      name: "photos",
      userId: user.id,
      existing: [],
    });
    if (!photos.ok) return fail(400, { photos: photos.error });
    const stored = await commitImages(
      app.env.IMAGES,
      photos.images,
      (index, ext) => `claims/${claim.id}/handler-${index}.${ext}`,
    );
    const result = await answerClaim(app, claim.id, user.id, { type: "dispute", text, photos: stored.urls }, now);
    if (!result.ok) {
      await deleteImages(app.env.IMAGES, stored.urls);
      return fail(result.status, { intent: result.message });
    }
    return redirectWithToast(app.config, here, {
      type: "success",
      title: "Claim disputed",
      description: "Our team will look at both sides and decide.",
    });
  }
  const result = await answerClaim(app, claim.id, user.id, { type: "accept" }, now);
  if (!result.ok) return fail(result.status, { intent: result.message });
  return redirectWithToast(app.config, here, {
    type: "success",
    title: "Claim accepted",
    description: `${formatGBP(result.claim.refundAmount ?? 0)} is refunded to the shopper.`,
  });
}

export default function ClaimPage({ loaderData, actionData }: Route.ComponentProps) {
  const { claim, role, paid, sendBack, rentalBack, reported, zone } = loaderData;
  const result = actionData as ClaimAnswerData | undefined;
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <Link
        to={
          role === "shopper"
            ? `/account/orders/${encodeURIComponent(claim.orderId)}`
            : role === "staff"
              ? "/admin/claims"
              : "/account"
        }
        className="text-sm text-brand underline"
      >
        {role === "shopper" ? "Back to the order" : role === "staff" ? "Back to Claims" : "Back to your account"}
      </Link>
      {reported ? (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm">
          Your problem is reported. The seller has 3 days to answer; you will be told of every step.
        </p>
      ) : null}
      <ClaimDetails claim={claim} zone={zone} />
      {sendBack ? <ClaimReturnPart view={sendBack} role={role} /> : null}
      {rentalBack ? (
        <p className="rounded-md border border-stone-200 p-3 text-sm">
          It goes back as every rental does: return it from the order&apos;s page, with the rental&apos;s prepaid return
          label when it has one.
        </p>
      ) : null}
      <ClaimAnswerForms claim={claim} role={role} paid={paid} result={result} />
    </div>
  );
}
