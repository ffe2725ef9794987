import { useEffect, useState } from "react";

export const WHY_SLIDES = [
  {
    audience: "For shoppers",
    title: "Every listing is checked",
    text: "Our team reviews each item before it goes live, so what you see is what arrives.",
  },
  {
    audience: "For shoppers",
    title: "Try before you buy",
    text: "Rent up to 7 days. Love it? Keep it and pay the Buy Now price. Not for you? Send it back.",
  },
  {
    audience: "For shoppers",
    title: "Returns with condition checks",
    text: "Every return is inspected, so the next person gets an item in the condition described.",
  },
  {
    audience: "For sellers",
    title: "Earn up to 80% more",
    text: "Rentals and sales from the same item, AI-assisted pricing guidance and our retail concierge service.",
  },
  {
    audience: "For retail partners",
    title: "Extra revenue, no upfront cost",
    text: "Manage items for local sellers, share the commission and bring more people through your door.",
  },
] as const;

export const WHY_INTERVAL_MS = 4000;

/**
 * Without JavaScript the slides are a readable list. With it, one slide shows at a time and
 * advances every 4 s, looping; hovering or focusing pauses it; under prefers-reduced-motion it
 * stays still and the dots still work.
 */
export function WhyCarousel() {
  const [active, setActive] = useState<number | null>(null);
  const [paused, setPaused] = useState(false);
  const [still, setStill] = useState(false);
  useEffect(() => {
    setActive(0);
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setStill(query.matches);
    const onChange = () => setStill(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  useEffect(() => {
    if (active === null || paused || still) return;
    const timer = setTimeout(() => setActive((i) => ((i ?? 0) + 1) % WHY_SLIDES.length), WHY_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [active, paused, still]);

  return (
    <section
      aria-labelledby="why-closetloop"
      aria-roledescription="carousel"
      className="mt-12 rounded-xl bg-brand-light p-6"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <h2 id="why-closetloop" className="text-2xl font-semibold">
        Why Closetloop?
      </h2>
      <ul
        className={active === null ? "mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-3" : "mt-4"}
        aria-live={paused || still ? "polite" : "off"}
      >
        {WHY_SLIDES.map((slide, i) => (
          <li
            key={slide.title}
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${WHY_SLIDES.length}`}
            hidden={active !== null && active !== i}
            className="rounded-lg bg-white p-5"
          >
            <p className="text-xs font-semibold tracking-wide text-accent uppercase">{slide.audience}</p>
            <h3 className="mt-1 text-lg font-semibold">{slide.title}</h3>
            <p className="mt-1 text-stone-700">{slide.text}</p>
          </li>
        ))}
      </ul>
      {active !== null ? (
        <div className="mt-3 flex justify-center gap-1">
          {WHY_SLIDES.map((slide, i) => (
            <button
              key={slide.title}
              type="button"
              onClick={() => setActive(i)}
              aria-label={`Show slide ${i + 1}: ${slide.title}`}
              aria-current={active === i ? "true" : undefined}
              // A 24 px touch target (WCAG 2.5.8) around a 12 px dot.
              className="flex size-6 items-center justify-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={`size-3 rounded-full ${active === i ? "bg-brand" : "bg-stone-300"}`}
              />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
