import { z } from "zod";

export const SIGNUP_STATUSES = ["new", "contacted", "done"] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];
export const SIGNUP_FILTERS = [...SIGNUP_STATUSES, "all"] as const;
export type SignupFilter = (typeof SIGNUP_FILTERS)[number];
export const SIGNUP_NOTES_MAX = 4000;

/** The status filter as the URL carries it; new sign-ups when absent or unknown. */
export function readSignupFilter(url: URL): SignupFilter {
  const value = url.searchParams.get("status");
  return (SIGNUP_FILTERS as readonly string[]).includes(value ?? "") ? (value as SignupFilter) : "new";
}

const id = z.uuid();

export const ZSetStatus = z.object({ id, status: z.enum(SIGNUP_STATUSES) });
/** Empty: nobody. */
export const ZAssign = z.object({ id, assigneeUserId: z.string().max(200) });
export const ZSaveNotes = z.object({
  id,
  notes: z
    .string()
    .max(20_000)
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(SIGNUP_NOTES_MAX)),
});
