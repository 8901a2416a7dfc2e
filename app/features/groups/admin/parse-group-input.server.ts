import { z } from "zod";
import { GROUP_LANGUAGES, GROUP_STATUSES, MEETING_MODES } from "~/features/groups/group-views";
import type { studyGroups } from "~/db/schema";
import { GROUP_TEXT_FIELDS, type GroupFieldError, type GroupFormValues, type GroupTextField } from "./group-form";

export type GroupInput = Omit<typeof studyGroups.$inferInsert, "id" | "createdAt" | "updatedAt" | "slug"> & { slug: string | null };

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).transform((v) => (v === "" ? null : v));

/** Every field as the form posts it; the messages are field error codes, translated by the page. */
const ZGroupForm = z.object({
  nameEn: text(160).min(1, "required"),
  nameEs: optionalText(160),
  descriptionEn: text(4000),
  descriptionEs: optionalText(4000),
  scheduleNotesEn: optionalText(1000),
  scheduleNotesEs: optionalText(1000),
  slug: text(80)
    .refine((v) => v === "" || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v), "invalidSlug")
    .transform((v) => (v === "" ? null : v)),
  dayOfWeek: z
    .string()
    .regex(/^[0-6]$/, "invalidChoice")
    .transform(Number),
  startTime: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "invalidTime"),
  durationMinutes: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, "invalidDuration")
    .transform(Number)
    .refine((n) => n >= 15 && n <= 600, "invalidDuration"),
  meetingMode: z.enum(MEETING_MODES, "invalidChoice"),
  locationName: optionalText(200),
  address: optionalText(300),
  onlineUrl: text(500)
    .refine((v) => {
      if (v === "") return true;
      try {
        const url = new URL(v);
        return url.protocol === "https:" && Boolean(url.hostname);
      } catch {
        return false;
      }
    }, "invalidUrl")
    .transform((v) => (v === "" ? null : v)),
  language: z.enum(GROUP_LANGUAGES, "invalidChoice"),
  contactName: optionalText(120),
  capacity: z
    .string()
    .trim()
    .refine((v) => v === "" || (/^\d{1,4}$/.test(v) && Number(v) >= 1 && Number(v) <= 1000), "invalidCapacity")
    .transform((v) => (v === "" ? null : Number(v))),
  status: z.enum(GROUP_STATUSES, "invalidChoice"),
  isOpen: z.boolean(),
});

const ERROR_CODES = new Set<GroupFieldError>([
  "required",
  "tooLong",
  "invalidTime",
  "invalidChoice",
  "invalidDuration",
  "invalidCapacity",
  "invalidUrl",
  "placeRequired",
  "invalidSlug",
  "slugTaken",
]);

/** The posted form as text (to show it again) and, when valid, the row to store. */
export function parseGroupInput(
  input: Record<string, unknown>,
):
  | { ok: true; values: GroupFormValues; group: GroupInput }
  | { ok: false; values: GroupFormValues; fieldErrors: Partial<Record<GroupTextField, GroupFieldError>> } {
  const values: GroupFormValues = {};
  for (const field of GROUP_TEXT_FIELDS) values[field] = typeof input[field] === "string" ? (input[field] as string).slice(0, 5000) : "";
  values.isOpen = input.isOpen === "on" ? "on" : "";
  const parsed = ZGroupForm.safeParse({ ...values, isOpen: values.isOpen === "on" });
  // Checked beside the schema so it is reported together with every other problem.
  const needsPlace = values.meetingMode !== "online" && !values.locationName?.trim() && !values.address?.trim();
  if (!parsed.success || needsPlace) {
    const fieldErrors: Partial<Record<GroupTextField, GroupFieldError>> = {};
    if (needsPlace) fieldErrors.locationName = "placeRequired";
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = String(issue.path[0] ?? "") as GroupTextField;
      if (fieldErrors[field]) continue;
      fieldErrors[field] =
        issue.code === "too_big"
          ? "tooLong"
          : ERROR_CODES.has(issue.message as GroupFieldError)
            ? (issue.message as GroupFieldError)
            : "invalidChoice";
    }
    return { ok: false, values, fieldErrors };
  }
  if (!parsed.success) throw new Error("unreachable: a failed parse returned above");
  const g = parsed.data;
  return {
    ok: true,
    values,
    group: {
      nameEn: g.nameEn,
      nameEs: g.nameEs,
      descriptionEn: g.descriptionEn,
      descriptionEs: g.descriptionEs,
      scheduleNotesEn: g.scheduleNotesEn,
      scheduleNotesEs: g.scheduleNotesEs,
      slug: g.slug,
      dayOfWeek: g.dayOfWeek,
      startTime: g.startTime,
      durationMinutes: g.durationMinutes,
      meetingMode: g.meetingMode,
      locationName: g.locationName,
      address: g.address,
      onlineUrl: g.onlineUrl,
      language: g.language,
      contactName: g.contactName,
      capacity: g.capacity,
      status: g.status,
      isOpen: g.isOpen,
    },
  };
}
