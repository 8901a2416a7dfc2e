import type { GalleryPhotoView } from "~/features/gallery/gallery-model";
import type { GalleryT } from "~/features/gallery/gallery-translation";
import { dateTimeFormat } from "~/i18n/intl-format";

/** An event date (YYYY-MM-DD) in the reader's language. */
export function formatEventDate(date: string, language: string): string {
  return dateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
}

/** A photo's caption: title, description, event date and album, in the reader's language. */
export function PhotoCaption({
  t,
  language,
  photo,
  headingId,
}: {
  t: GalleryT;
  language: string;
  photo: GalleryPhotoView;
  headingId?: string;
}) {
  return (
    <figcaption className="grid gap-1 p-4 text-slate-800">
      <span id={headingId} className="font-semibold text-slate-900">
        {photo.title}
      </span>
      {photo.description ? <span className="text-sm whitespace-pre-line">{photo.description}</span> : null}
      {photo.eventDate ? (
        <span className="text-sm text-slate-700">
          <EventDate t={t} language={language} date={photo.eventDate} />
        </span>
      ) : null}
      {photo.albumTitle ? <span className="text-sm text-slate-700">{t("album", { album: photo.albumTitle })}</span> : null}
    </figcaption>
  );
}

/** "Event date: <time>…</time>": the sentence stays whole in each language, the date marked up. */
function EventDate({ t, language, date }: { t: GalleryT; language: string; date: string }) {
  const [before = "", after = ""] = t("eventDate", { date: "\u0000" }).split("\u0000");
  return (
    <>
      {before}
      <time dateTime={date}>{formatEventDate(date, language)}</time>
      {after}
    </>
  );
}
