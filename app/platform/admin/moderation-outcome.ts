/** What a moderation action of one part of /admin/moderation (discussions, photos) answers. */
export type ModerationOutcome =
  { ok: true } | { ok: false; status: 400 | 403 | 404 | 409 | 413 | 422; message: string; id: string | undefined };

/** A failed moderation action, as the page shows it next to the item (`id`) or at the top. */
export interface ModerationProblem {
  section: "discussions" | "gallery";
  message: string;
  id: string | undefined;
}
