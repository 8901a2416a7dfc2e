import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { useEffect, useRef } from "react";
import type { GalleryPhotoView } from "~/features/gallery/gallery-model";
import { useGalleryTranslation } from "~/features/gallery/gallery-translation";
import { PhotoCaption } from "./photo-caption";
import { GalleryPicture } from "./gallery-picture";

const controlClasses =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full bg-white px-3 py-2 text-sm font-semibold text-slate-900 ring-1 ring-slate-300 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white";

/**
 * The gallery's lightbox: a native modal <dialog> (focus trapped, Escape closes, the page
 * behind is inert), labelled by the photo's title, with previous/next buttons and the arrow
 * keys. The caller returns focus to the thumbnail in `onClose`.
 */
export function GalleryLightbox({
  photos,
  index,
  onMove,
  onClose,
}: {
  photos: GalleryPhotoView[];
  index: number | null;
  onMove: (index: number) => void;
  onClose: () => void;
}) {
  const { t, language } = useGalleryTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const photo = index === null ? undefined : photos[index];

  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (photo && !node.open) node.showModal();
    if (!photo && node.open) node.close();
  }, [photo]);

  const move = (step: number) => {
    if (index === null || photos.length === 0) return;
    onMove((index + step + photos.length) % photos.length);
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby="gallery-lightbox-title"
      className="m-auto max-h-[100dvh] w-full max-w-5xl overflow-auto bg-transparent p-2 backdrop:bg-slate-950/85 sm:p-4"
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key === "ArrowLeft") {
          event.preventDefault();
          move(-1);
        } else if (event.key === "ArrowRight") {
          event.preventDefault();
          move(1);
        }
      }}
    >
      {photo ? (
        <div className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-semibold text-white" aria-live="polite">
              {t("lightbox.position", { current: index! + 1, total: photos.length })}
            </p>
            <button type="button" className={controlClasses} onClick={() => dialog.current?.close()}>
              <X aria-hidden="true" className="h-5 w-5" />
              {t("lightbox.close")}
            </button>
          </div>
          <figure className="overflow-hidden rounded-2xl bg-white">
            <div className="flex justify-center bg-slate-900">
              <GalleryPicture
                key={photo.id}
                image={photo}
                alt={photo.title}
                sizes="(min-width: 1024px) 64rem, 100vw"
                eager
                className="h-auto max-h-[70dvh] w-auto max-w-full object-contain"
              />
            </div>
            <PhotoCaption t={t} language={language} photo={photo} headingId="gallery-lightbox-title" />
          </figure>
          {photos.length > 1 ? (
            <div className="flex flex-wrap justify-between gap-2">
              <button type="button" className={controlClasses} onClick={() => move(-1)}>
                <ChevronLeft aria-hidden="true" className="h-5 w-5" />
                {t("lightbox.previous")}
              </button>
              <button type="button" className={controlClasses} onClick={() => move(1)}>
                {t("lightbox.next")}
                <ChevronRight aria-hidden="true" className="h-5 w-5" />
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
