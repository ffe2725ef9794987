import type { Route } from "./+types/uploads";
import { appContext } from "../../context";
import { readIntent } from "../../domain/intents";
import { mayUpload } from "../../domain/roles";
import { STAGING_BODY_LIMIT, UPLOAD_RULES, UPLOAD_USES } from "../../domain/uploads";
import { requireUser } from "../../services/guards.server";
import { stageUpload } from "../../services/uploads.server";

// POST /uploads: an enhanced form sends each chosen image here first, with a progress bar, and
// posts only its token afterwards (app/services/uploads.server.ts). Answers JSON.

export function loader() {
  return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
}

/** Each use of the pipeline is an intent: who may stage it is decided per use. */
export const intents = UPLOAD_USES;

export const bodyLimit = STAGING_BODY_LIMIT;

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const form = await request.formData();
  const use = readIntent(form, intents);
  if (!use) return Response.json({ error: "Unknown kind of upload." }, { status: 400 });
  if (!mayUpload(user, use)) return Response.json({ error: "You cannot upload this image." }, { status: 403 });
  const file = form.get("file");
  if (typeof file !== "object" || file === null || file.size === 0)
    return Response.json({ error: UPLOAD_RULES[use].messages.type }, { status: 400 });
  if (file.size > UPLOAD_RULES[use].maxBytes)
    return Response.json({ error: UPLOAD_RULES[use].messages.size }, { status: 413 });
  const staged = await stageUpload(
    app.env.IMAGES,
    user.id,
    use,
    { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) },
    Date.now(),
  );
  if (!staged.ok) return Response.json({ error: staged.error }, { status: 400 });
  return Response.json({ token: staged.token, mime: staged.mime, size: staged.size });
}
