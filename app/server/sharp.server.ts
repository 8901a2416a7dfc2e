import type SharpType from "sharp";

let loading: Promise<typeof SharpType> | undefined;

/**
 * sharp, imported on first use (it is not needed to start), with libvips' operation cache off:
 * every image is encoded once, so the cache (up to 50 MB and 20 open files) only held memory
 * after an upload or the demo seed's photos (issue 10, goal 5). One libvips thread per image:
 * sharp's own default on glibc (the Docker image), made explicit so the memory budget of the
 * image-job queue (one image at a time, `image-jobs.server.ts`) is the same on musl and leaves
 * the other cores to pages (issue 32, item 4).
 */
export function loadSharp(): Promise<typeof SharpType> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
