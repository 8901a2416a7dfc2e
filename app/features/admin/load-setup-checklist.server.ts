import { count } from "drizzle-orm";
import { events, leaders, sermons, serviceTimes } from "~/db/schema";
import { integrationStatus } from "~/features/admin/settings/load-settings.server";
import { readChurchSettings } from "~/platform/church/church-settings.server";
import type { AppDatabase } from "~/server/db.server";
import { getEnv, type Env } from "~/server/env.server";

export const SETUP_STEPS = ["profile", "serviceTimes", "leaders", "event", "sermon", "giving", "email", "sms"] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** Where each step is done in the portal. */
const STEP_HREFS: Record<SetupStep, string> = {
  profile: "/admin/settings#church-profile",
  serviceTimes: "/admin/settings#service-times",
  leaders: "/admin/content#group-leaders",
  event: "/admin/events/new",
  sermon: "/admin/sermons/new",
  giving: "/admin/health#health-providers",
  email: "/admin/settings#integrations",
  sms: "/admin/settings#integrations",
};

export interface SetupChecklist {
  steps: { id: SetupStep; done: boolean; href: string }[];
  done: number;
}

/**
 * What a new church still has to fill in before its site is its own (issue 34): the profile
 * (name, address, phone), service times, leaders, a first event and sermon, and the
 * services that send money, email and text messages. Read from the data itself, so a step
 * is done the moment it is, and undone again if it is removed.
 */
export async function loadSetupChecklist(db: AppDatabase, env: Env = getEnv()): Promise<SetupChecklist> {
  const one = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
  const [settings, times, leaderCount, eventCount, sermonCount] = await Promise.all([
    readChurchSettings(db),
    one(db.select({ n: count() }).from(serviceTimes)),
    one(db.select({ n: count() }).from(leaders)),
    one(db.select({ n: count() }).from(events)),
    one(db.select({ n: count() }).from(sermons)),
  ]);
  const integrations = integrationStatus(env);
  const done: Record<SetupStep, boolean> = {
    profile: !!settings && settings.nameEn.trim() !== "" && settings.streetAddress.trim() !== "" && settings.phone.trim() !== "",
    serviceTimes: times > 0,
    leaders: leaderCount > 0,
    event: eventCount > 0,
    sermon: sermonCount > 0,
    giving: integrations.payments.configured,
    email: integrations.email.configured,
    sms: integrations.sms.configured,
  };
  const steps = SETUP_STEPS.map((id) => ({ id, done: done[id], href: STEP_HREFS[id] }));
  return { steps, done: steps.filter((step) => step.done).length };
}
