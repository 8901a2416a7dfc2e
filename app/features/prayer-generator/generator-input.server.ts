import { z } from "zod";
import { MAX_NAME, MAX_PRAYER_BODY, MAX_SCRIPTURES, MAX_WORDS, plainLine, PRAYER_TOPICS, type ComposeInput } from "./generator-views";

const line = (max: number, code: string) =>
  z
    .string()
    .optional()
    .default("")
    .transform(plainLine)
    .refine((v) => v.length <= max, code);

/** The composer form. */
export const ZComposeInput = z.object({
  topic: z.enum(PRAYER_TOPICS, "topic"),
  name: line(MAX_NAME, "nameTooLong"),
  words: line(MAX_WORDS, "wordsTooLong"),
  language: z.enum(["en", "es"], "language"),
});
// The views' ComposeInput (kept free of zod, for the browser) is exactly what this schema gives.
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const composeInputMatches: SameShape<z.output<typeof ZComposeInput>, ComposeInput> = true;
void composeInputMatches;

/** A composed prayer posted back (save to my prayers, post to the wall). */
export const ZPrayerEcho = z.object({
  topic: z.enum(PRAYER_TOPICS, "topic"),
  language: z.enum(["en", "es"], "language"),
  body: z
    .string()
    .transform((v) => v.replace(/\r\n?/g, "\n").trim())
    .refine((v) => v.length >= 1, "bodyRequired")
    .refine((v) => v.length <= MAX_PRAYER_BODY, "bodyTooLong"),
  scriptures: z
    .string()
    .optional()
    .default("")
    .transform((v) => v.split(/\r?\n/).map(plainLine).filter(Boolean).slice(0, 6))
    .refine((list) => list.join("\n").length <= MAX_SCRIPTURES, "invalid"),
});
