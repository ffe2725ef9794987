import { imageSources } from "../../domain/images";

// A product's photos on its page (shopper.md §2.9), split from routes/shop/product.tsx.

/** Scroll-snap gallery: thumbnails are links to each slide, so it works by touch, keyboard and without JavaScript. */
export function Gallery({ name, images }: { name: string; images: string[] }) {
  if (images.length === 0) {
    return (
      <div className="flex aspect-[4/5] items-center justify-center rounded-lg bg-stone-200 text-stone-600">
        No image available
      </div>
    );
  }
  return (
    <div>
      <div
        className="flex snap-x snap-mandatory overflow-x-auto rounded-lg bg-stone-100"
        tabIndex={0}
        aria-label={`${name} images`}
        role="region"
      >
        {images.map((src, i) => (
          <img
            key={src}
            id={`image-${i + 1}`}
            {...imageSources(src, "gallery")}
            alt={`${name}, image ${i + 1} of ${images.length}`}
            width={800}
            height={1000}
            loading={i === 0 ? "eager" : "lazy"}
            fetchPriority={i === 0 ? "high" : undefined}
            className="aspect-[4/5] w-full shrink-0 snap-center object-cover"
          />
        ))}
      </div>
      {images.length > 1 ? (
        <ul className="mt-3 flex gap-2" aria-label="Choose an image">
          {images.map((src, i) => (
            <li key={src}>
              <a
                href={`#image-${i + 1}`}
                className="block overflow-hidden rounded border border-stone-300 focus:outline-2 focus:outline-brand"
                aria-label={`Show image ${i + 1}`}
              >
                <img
                  {...imageSources(src, "thumbnail")}
                  alt=""
                  width={64}
                  height={80}
                  loading="lazy"
                  className="h-20 w-16 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
