import { z } from "zod";
import { MAX_BODY, MAX_TITLE, PRAYER_CATEGORIES } from "./prayer-views";

/** The form a member posts; checkboxes arrive as "on" or not at all. */
export const ZPrayerRequestInput = z.object({
  title: z.string().trim().max(MAX_TITLE, "titleTooLong").optional().default(""),
  body: z.string().trim().min(1, "bodyRequired").max(MAX_BODY, "bodyTooLong"),
  category: z.enum(PRAYER_CATEGORIES, "category"),
  visibility: z.enum(["public", "members", "private"], "visibility"),
  anonymous: z.string().optional(),
  notify: z.string().optional(),
});
