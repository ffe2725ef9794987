import { useEffect, useId, useRef, useState } from "react";
import { judgeImages, UPLOAD_RULES, type UploadUse } from "../domain/uploads";

// The upload pipeline's form control (docs/decisions/0023-upload-pipeline.md).
// Without JavaScript: a plain file input inside the multipart form, plus, for images already
// saved, a Keep checkbox each and a Main image choice. With JavaScript: each chosen file is
// checked here by its bytes, sent at once to /uploads with a progress bar, and shown as a
// preview with Remove and Set as main; the form then posts the images' order (main first).

type Item =
  | { id: string; kind: "existing"; url: string }
  | { id: string; kind: "staged"; token: string; preview: string; name: string }
  | { id: string; kind: "uploading"; preview: string; name: string; progress: number };

export interface ImageUploadProps {
  /** The form field; the server reads it with readImageField(form, ..., { name }). */
  name: string;
  use: UploadUse;
  label: string;
  /** Images already saved (URLs), main first. */
  existing?: readonly string[];
  /** The server's refusal, shown at the field. */
  error?: string;
  hint?: string;
  /** Called when a chosen file has finished staging (the store's 'Logo uploaded' toast). */
  onStaged?: () => void;
}

let seq = 0;
const nextId = () => `img-${++seq}`;

function upload(
  use: UploadUse,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<{ token: string } | { error: string }> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.set("intent", use);
    body.set("file", file);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/uploads");
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      try {
        const answer = JSON.parse(xhr.responseText) as { token?: string; error?: string };
        resolve(answer.token ? { token: answer.token } : { error: answer.error ?? "Upload failed" });
      } catch {
        resolve({ error: xhr.status === 413 ? UPLOAD_RULES[use].messages.size : "Upload failed - Please try again." });
      }
    };
    xhr.onerror = () => resolve({ error: "Upload failed - Please check your connection and try again." });
    xhr.send(body);
  });
}

export function ImageUpload({ name, use, label, existing = [], error, hint, onStaged }: ImageUploadProps) {
  const rule = UPLOAD_RULES[use];
  const multiple = rule.maxFiles > 1;
  const id = useId();
  const [enhanced, setEnhanced] = useState(false);
  const [items, setItems] = useState<Item[]>(() => existing.map((url) => ({ id: nextId(), kind: "existing", url })));
  const [problem, setProblem] = useState<string | null>(null);
  // A chosen file was refused: the form is not sent without it until the person chooses another
  // file or says to save without it (without JavaScript the server refuses the whole form).
  const [refused, setRefused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const fieldset = useRef<HTMLFieldSetElement>(null);
  // On a slow connection a person may choose a file before the script has run: the plain input
  // holds it, and the enhanced control takes it over (checked, sent, previewed) instead of dropping it.
  useEffect(() => {
    const chosenEarly = [...(input.current?.files ?? [])];
    setEnhanced(true);
    if (chosenEarly.length > 0) void choose(chosenEarly);
  }, []);

  // While a file is still on its way, or a chosen one was refused, the form waits.
  const uploading = items.some((i) => i.kind === "uploading");
  useEffect(() => {
    const form = fieldset.current?.form;
    if (!form || !(uploading || refused)) return;
    const hold = (e: SubmitEvent) => {
      e.preventDefault();
      e.stopImmediatePropagation();
      if (uploading) setProblem("Please wait for the images to finish uploading.");
      input.current?.focus();
    };
    form.addEventListener("submit", hold, true);
    return () => form.removeEventListener("submit", hold, true);
  }, [uploading, refused]);

  async function choose(files: File[]) {
    if (input.current) input.current.value = "";
    const candidates = await Promise.all(
      files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })),
    );
    const judged = judgeImages(use, candidates, multiple ? items.length : 0);
    setRefused(!judged.ok);
    if (!judged.ok) return setProblem(judged.error);
    setProblem(null);
    const added = files.map((file) => ({
      id: nextId(),
      kind: "uploading" as const,
      preview: URL.createObjectURL(file),
      name: file.name,
      progress: 0,
      file,
    }));
    setItems((current) => [...(multiple ? current : []), ...added.map(({ file: _f, ...item }) => item)]);
    for (const { id: itemId, file, preview } of added) {
      const result = await upload(use, file, (progress) =>
        setItems((current) => current.map((i) => (i.id === itemId && i.kind === "uploading" ? { ...i, progress } : i))),
      );
      setItems((current) =>
        "token" in result
          ? current.map((i) =>
              i.id === itemId ? { id: itemId, kind: "staged", token: result.token, preview, name: file.name } : i,
            )
          : current.filter((i) => i.id !== itemId),
      );
      if ("error" in result) {
        setProblem(rule.prefixFileName ? `${file.name}: ${result.error}` : result.error);
        setRefused(true);
      } else onStaged?.();
    }
  }

  const remove = (itemId: string) => setItems((current) => current.filter((i) => i.id !== itemId));
  const makeMain = (itemId: string) =>
    setItems((current) => [...current.filter((i) => i.id === itemId), ...current.filter((i) => i.id !== itemId)]);
  const shownError = problem ?? error;
  const errorId = `${id}-error`;
  const hintText =
    hint ??
    (multiple
      ? `Up to ${rule.maxFiles} images, ${rule.maxBytes / 1024 / 1024} MB each. The first is the main image.`
      : `One image, up to ${rule.maxBytes / 1024 / 1024} MB.`);

  if (!enhanced) {
    return (
      <fieldset className="flex flex-col gap-2" aria-describedby={shownError ? errorId : undefined}>
        <legend className="text-sm font-medium">{label}</legend>
        {existing.length > 0 ? (
          <ul className="flex flex-wrap gap-3">
            {existing.map((url, i) => (
              <li key={url} className="flex w-28 flex-col gap-1 text-xs">
                <img
                  src={url}
                  alt={`Image ${i + 1}`}
                  width={112}
                  height={140}
                  className="h-35 w-28 rounded object-cover"
                />
                <label className="flex items-center gap-1">
                  <input type="checkbox" name={`${name}Keep`} value={url} defaultChecked /> Keep
                </label>
                {multiple ? (
                  <label className="flex items-center gap-1">
                    <input type="radio" name={`${name}Main`} value={url} defaultChecked={i === 0} /> Main image
                  </label>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        <label htmlFor={`${id}-file`} className="text-sm">
          {existing.length > 0
            ? multiple
              ? "Add images"
              : "Replace image"
            : multiple
              ? "Choose images"
              : "Choose an image"}
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          name={name}
          accept={rule.accept}
          multiple={multiple}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? errorId : `${id}-hint`}
          className="text-sm"
        />
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {hintText}
        </p>
        {shownError ? (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {shownError}
          </p>
        ) : null}
      </fieldset>
    );
  }

  const total = items.filter((i) => i.kind === "uploading");
  const overall = total.length
    ? total.reduce((sum, i) => sum + (i.kind === "uploading" ? i.progress : 0), 0) / total.length
    : 1;
  return (
    <fieldset ref={fieldset} className="flex flex-col gap-2" aria-describedby={shownError ? errorId : undefined}>
      <legend className="text-sm font-medium">{label}</legend>
      {items.map((item) =>
        item.kind === "uploading" ? null : (
          <input
            key={item.id}
            type="hidden"
            name={`${name}Order`}
            value={item.kind === "existing" ? `existing:${item.url}` : `staged:${item.token}`}
          />
        ),
      )}
      {items.length > 0 ? (
        <ul className="flex flex-wrap gap-3" aria-label={`${label}: chosen`}>
          {items.map((item, i) => (
            <li key={item.id} className="flex w-28 flex-col gap-1 text-xs">
              <div className="relative">
                <img
                  src={item.kind === "existing" ? item.url : item.preview}
                  alt={item.kind === "existing" ? `Image ${i + 1}` : `Preview of ${item.name}`}
                  width={112}
                  height={140}
                  className="h-35 w-28 rounded object-cover"
                />
                {i === 0 && multiple ? (
                  <span className="absolute top-1 left-1 rounded bg-brand px-1.5 py-0.5 text-[10px] font-semibold text-white">
                    Main
                  </span>
                ) : null}
              </div>
              {item.kind === "uploading" ? (
                <progress max={1} value={item.progress} aria-label={`Uploading ${item.name}`} className="h-2 w-full" />
              ) : (
                <div className="flex flex-wrap gap-x-2">
                  <button
                    type="button"
                    onClick={() => remove(item.id)}
                    className="text-red-700 underline"
                    aria-label={`Remove image ${i + 1}`}
                  >
                    Remove
                  </button>
                  {multiple && i > 0 ? (
                    <button
                      type="button"
                      onClick={() => makeMain(item.id)}
                      className="text-brand underline"
                      aria-label={`Set as main: image ${i + 1}`}
                    >
                      Set as main
                    </button>
                  ) : null}
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {total.length ? (
        <div
          role="progressbar"
          aria-label="Uploading images"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(overall * 100)}
          className="h-2 w-full overflow-hidden rounded bg-stone-200"
        >
          <div className="h-full bg-accent transition-[width]" style={{ width: `${Math.round(overall * 100)}%` }} />
        </div>
      ) : null}
      {items.length < rule.maxFiles || !multiple ? (
        <>
          <label htmlFor={`${id}-file`} className="text-sm">
            {multiple ? "Add images" : items.length ? "Replace image" : "Choose an image"}
          </label>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={rule.accept}
            multiple={multiple}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? errorId : `${id}-hint`}
            onChange={(e) => void choose([...(e.currentTarget.files ?? [])])}
            className="text-sm"
          />
        </>
      ) : null}
      <p id={`${id}-hint`} className="text-xs text-stone-600">
        {hintText}
      </p>
      {shownError ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {shownError}
        </p>
      ) : null}
      {refused ? (
        <button
          type="button"
          onClick={() => {
            setRefused(false);
            setProblem(null);
          }}
          className="self-start text-sm text-brand underline"
        >
          {multiple ? "Save without that file" : "Save without an image"}
        </button>
      ) : null}
    </fieldset>
  );
}
