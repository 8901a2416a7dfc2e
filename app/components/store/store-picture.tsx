import { GalleryPicture } from "~/components/gallery/gallery-picture";
import type { StoreImage } from "~/features/store/store-model";

/** A product image: an uploaded one with its AVIF/WebP variants (as gallery photos), a bundled one as is; width and height always set. */
export function StorePicture({
  image,
  sizes,
  className,
  eager = false,
}: {
  image: StoreImage;
  sizes: string;
  className?: string;
  eager?: boolean;
}) {
  return (
    <GalleryPicture
      image={{ imageUrl: image.imageUrl, variantBase: image.variantBase, width: image.width ?? 800, height: image.height ?? 800 }}
      alt={image.alt}
      sizes={sizes}
      className={className}
      eager={eager}
    />
  );
}
