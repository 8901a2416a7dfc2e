import { eq, inArray, isNull, and } from "drizzle-orm";
import { galleryAlbums, mediaGallery } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";

/** The demo photos (public/media/demo/gallery-N.webp) are all 800 × 600, measured with sharp. */
export const DEMO_PHOTO_SIZE = { width: 800, height: 600 };

/** Three albums; each lists the demo photo numbers (demo-church.ts's order) it holds and how many days ago it happened. */
export const DEMO_ALBUMS: Array<{ slug: string; title: string; titleEs: string; daysAgo: number; photos: number[] }> = [
  {
    slug: "easter-and-worship",
    title: "Easter and Sunday worship",
    titleEs: "Pascua y la adoración dominical",
    daysAgo: 2,
    photos: [1, 3, 6],
  },
  {
    slug: "prayer-and-fellowship",
    title: "Prayer and fellowship nights",
    titleEs: "Noches de oración y compañerismo",
    daysAgo: 9,
    photos: [2, 4, 5],
  },
  { slug: "serving-our-neighbors", title: "Serving our neighbors", titleEs: "Sirviendo a nuestros vecinos", daysAgo: 44, photos: [7, 8] },
];

const demoPhotoId = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

/**
 * Demo seed: three bilingual albums with event dates holding the eight demo photos, and the
 * photos' real sizes (so the page reserves their space). Runs once, inside the demo seed's
 * transaction; a photo an admin already moved to another album is left alone.
 */
export async function seedDemoGallery(tx: AppDatabase, now: Date): Promise<void> {
  for (const album of DEMO_ALBUMS) {
    const eventDate = new Date(now.getTime() - album.daysAgo * 86_400_000).toISOString().slice(0, 10);
    const [row] = await tx
      .insert(galleryAlbums)
      .values({ slug: album.slug, title: album.title, titleEs: album.titleEs, eventDate })
      .onConflictDoNothing()
      .returning({ id: galleryAlbums.id });
    if (!row) continue;
    await tx
      .update(mediaGallery)
      .set({ albumId: row.id })
      .where(and(inArray(mediaGallery.id, album.photos.map(demoPhotoId)), isNull(mediaGallery.albumId)));
  }
  for (let n = 1; n <= 8; n++) {
    await tx
      .update(mediaGallery)
      .set(DEMO_PHOTO_SIZE)
      .where(and(eq(mediaGallery.id, demoPhotoId(n)), isNull(mediaGallery.width)));
  }
}
