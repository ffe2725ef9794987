/** Plain text with blank-line paragraphs, rendered as paragraphs: never as HTML. */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          <p key={i} className="mt-4 leading-relaxed text-stone-800">
            {p}
          </p>
        ))}
    </>
  );
}

export function LegalLayout({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: React.ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl">
      <a href="/" className="text-sm text-brand underline">
        ← Back to Home
      </a>
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      <p className="mt-1 text-sm text-stone-600">{`Last updated: ${updated}`}</p>
      <div className="mt-6 space-y-8">{children}</div>
    </article>
  );
}

export function LegalSection({ n, title, children }: { n: number; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`section-${n}`}>
      <h2 id={`section-${n}`} className="text-xl font-semibold">{`${n}. ${title}`}</h2>
      <div className="mt-2 space-y-2 leading-relaxed text-stone-800">{children}</div>
    </section>
  );
}

/** A post's tags, each as '#tag'. */
export function PostTags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="mt-6 flex flex-wrap gap-2" aria-label="Tags">
      {tags.map((t) => (
        <li key={t} className="rounded-full bg-stone-100 px-3 py-1 text-sm">
          #{t}
        </li>
      ))}
    </ul>
  );
}
