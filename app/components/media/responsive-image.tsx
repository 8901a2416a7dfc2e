import type { ImgHTMLAttributes } from "react";
import { demoImageSources } from "./demo-media";

/**
 * An <img> that becomes a <picture> (AVIF, then WebP, chosen by `sizes`) when the image has
 * generated variants, so phones download the size they show. width/height always set.
 */
export function ResponsiveImage({
  src,
  sizes,
  width,
  height,
  ...rest
}: ImgHTMLAttributes<HTMLImageElement> & { src: string; sizes: string; width: number; height: number }) {
  const sources = demoImageSources(src);
  const img = <img src={src} width={width} height={height} {...rest} />;
  if (!sources) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      {img}
    </picture>
  );
}
