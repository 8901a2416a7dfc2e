import { z } from "zod";

export const SIGNUP_STATUSES = ["new", "contacted", "done"] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];
export const SIGNUP_FILTERS = [...SIGNUP_STATUSES, "all"] as const;
export type SignupFilter = (typeof SIGNUP_FILTERS)[number];
export const SIGNUP_NOTES_MAX = 4000;

export const SIGNUP_KINDS = ["event", "class", "membership", "volunteer"] as const;
export type SignupKind = (typeof SIGNUP_KINDS)[number];
export const KIND_FILTERS = ["all", ...SIGNUP_KINDS] as const;
export type KindFilter = (typeof KIND_FILTERS)[number];

/** The kind filter as the URL carries it (`?kind=`); every kind when absent or unknown. */
export function readKindFilter(url: URL): KindFilter {
  const value = url.searchParams.get("kind");
  return (KIND_FILTERS as readonly string[]).includes(value ?? "") ? (value as KindFilter) : "all";
}

/** The membership application workflow: new → reviewing → approved / declined. */
export const APPLICATION_STATUSES = ["new", "reviewing", "approved", "declined"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

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

/** A decision on a membership application; `id` is the inbox row's. */
export const ZDecideApplication = z.object({ id, applicationStatus: z.enum(["reviewing", "approved", "declined"]) });
