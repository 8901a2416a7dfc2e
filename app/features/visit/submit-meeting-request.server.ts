import { meetingRequests } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { kickOutbox } from "~/server/messaging.server";
import { enqueueEmail } from "~/server/outbox.server";
import { getVisitChurch } from "./visit-church.server";
import { visitConfirmationEmail } from "./visit-emails";
import type { VisitInput } from "./visit-input";

/**
 * Stores a visit or pastor-meeting request and queues its confirmation (in the language the
 * requester chose) in one transaction. `userId` links it to the signed-in member.
 */
export async function submitMeetingRequest(o: {
  db: AppDatabase;
  input: VisitInput;
  userId: string | null;
  siteUrl: string;
  now?: Date;
}): Promise<{ id: string }> {
  const now = o.now ?? new Date();
  const { input } = o;
  const church = await getVisitChurch(o.db, input.language);
  const result = await o.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(meetingRequests)
      .values({
        kind: input.kind,
        userId: o.userId,
        name: input.name,
        email: input.email,
        phone: input.phone,
        preferredDate: input.date,
        partySize: input.partySize,
        language: input.language,
        needs: input.needs,
        message: input.message,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: meetingRequests.id });
    if (!row) throw new Error("The meeting request insert returned no row");
    await enqueueEmail(tx as unknown as AppDatabase, {
      to: input.email,
      ...visitConfirmationEmail({
        language: input.language,
        churchName: church.name,
        siteUrl: o.siteUrl,
        name: input.name,
        kind: input.kind,
        date: input.date,
        partySize: input.partySize,
        serviceTimes: church.serviceTimes,
        address: church.address,
      }),
    });
    return { id: row.id };
  });
  kickOutbox();
  return result;
}
