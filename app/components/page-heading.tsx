export function PageHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <header className="mb-6">
      <h1 className="text-3xl font-bold wrap-anywhere">{title}</h1>
      {subtitle ? <p className="mt-1 text-stone-700">{subtitle}</p> : null}
    </header>
  );
}
