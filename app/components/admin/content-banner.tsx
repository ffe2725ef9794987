import { Form } from "react-router";
import { buttonClass } from "../kit/buttons";
import { fieldErrors, Section, sentValues } from "../admin-content";
import { Field } from "../forms";
import { ImageUpload } from "../image-upload";

// The admin Content tab's home banner (seller-store-admin.md §3; decision 0034): the current one,
// and a new one by URL, uploaded into the media library, or picked from it.

/** A banner image in the media library. */
export interface BannerMedia {
  id: string;
  fileName: string;
  fileUrl: string;
}

export function BannerSection({
  banner,
  library,
  actionData,
}: {
  banner: string | null;
  library: readonly BannerMedia[];
  actionData: unknown;
}) {
  const errors = (form: string) => fieldErrors(actionData, form);
  const sent = (form: string) => sentValues(actionData, form);
  return (
    <Section id="banner" title="Home banner">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div>
          <p className="text-sm font-medium">Current banner</p>
          {banner ? (
            <img
              src={banner}
              alt="Current home banner"
              width={480}
              height={200}
              className="mt-2 aspect-[12/5] w-full max-w-md rounded-md border border-stone-200 object-cover"
            />
          ) : (
            <p className="mt-2 text-sm text-stone-600">No banner: home shows its plain background.</p>
          )}
        </div>
        <Form method="post" className="grid gap-3" aria-label="Banner by URL">
          <Field
            label="Image URL"
            name="bannerUrl"
            type="url"
            maxLength={2000}
            placeholder="https://"
            defaultValue={sent("bannerUrl")?.bannerUrl ?? ""}
            error={errors("bannerUrl").bannerUrl}
          />
          <div>
            <button type="submit" name="intent" value="bannerUrl" className={buttonClass}>
              Use this URL
            </button>
          </div>
        </Form>
        <Form method="post" encType="multipart/form-data" className="grid gap-3" aria-label="Upload banner">
          <ImageUpload
            name="banner"
            use="banner"
            label="Upload a banner into the media library"
            error={errors("bannerUpload").banner}
            hint="An image up to 5MB."
          />
          <div>
            <button type="submit" name="intent" value="bannerUpload" className={buttonClass}>
              Upload banner
            </button>
          </div>
        </Form>
        <Form method="post" className="grid gap-3" aria-label="Banner from the media library">
          <fieldset aria-describedby={errors("bannerPick").mediaId ? "media-error" : undefined}>
            <legend className="text-sm font-medium">Media library</legend>
            {library.length === 0 ? (
              <p className="text-sm text-stone-600">No banner images uploaded yet.</p>
            ) : (
              <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
                {library.map((m) => (
                  <li key={m.id}>
                    <label className="block cursor-pointer rounded-md border border-stone-200 p-1 has-checked:border-brand">
                      <img
                        src={m.fileUrl}
                        alt=""
                        width={160}
                        height={67}
                        className="aspect-[12/5] w-full rounded object-cover"
                      />
                      <span className="mt-1 flex items-center gap-1 text-xs">
                        <input type="radio" name="mediaId" value={m.id} defaultChecked={m.fileUrl === banner} />
                        <span className="truncate">{m.fileName}</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
            {errors("bannerPick").mediaId ? (
              <p id="media-error" className="text-sm text-red-700">
                {errors("bannerPick").mediaId}
              </p>
            ) : null}
          </fieldset>
          {library.length ? (
            <div>
              <button type="submit" name="intent" value="bannerPick" className={buttonClass}>
                Use selected image
              </button>
            </div>
          ) : null}
        </Form>
      </div>
    </Section>
  );
}
