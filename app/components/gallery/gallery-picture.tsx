import { variantSrcSet } from "~/features/gallery/gallery-model";

export interface PictureImage {
  imageUrl: string;
  variantBase: string | null;
  width: number | null;
  height: number | null;
}

/** The size a demo photo without recorded size is reserved at (4:3). */
const FALLBACK = { width: 800, height: 600 };

/**
 * A gallery photo as a <picture>: AVIF and WebP at every stored width (the browser picks by
 * `sizes`), and an <img> with width and height set so the page does not jump. Lazy unless
 * `eager` (a photo in the first screen or the lightbox's current one), which is also fetched
 * with high priority.
 */
export function GalleryPicture({
  image,
  alt,
  sizes,
  className,
  eager = false,
}: {
  image: PictureImage;
  alt: string;
  sizes: string;
  className?: string;
  eager?: boolean;
}) {
  const avif = variantSrcSet(image.variantBase, image.width, "avif");
  const webp = variantSrcSet(image.variantBase, image.width, "webp");
  const width = image.width ?? FALLBACK.width;
  const height = image.height ?? FALLBACK.height;
  return (
    <picture>
      {avif ? <source type="image/avif" srcSet={avif} sizes={sizes} /> : null}
      {webp ? <source type="image/webp" srcSet={webp} sizes={sizes} /> : null}
      {/* An eager photo is in the first screen, often the LCP element: fetch it before the scripts. */}
      <img
        src={image.imageUrl}
        alt={alt}
        width={width}
        height={height}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : undefined}
        decoding={eager ? undefined : "async"}
        className={className}
      />
    </picture>
  );
}
