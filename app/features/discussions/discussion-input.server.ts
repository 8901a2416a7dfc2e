import { z } from "zod";
import { MAX_BODY, MAX_REASON, MAX_REPLY, MAX_TITLE } from "./discussion-views";

export const ZThreadInput = z.object({
  title: z.string().trim().min(1, "titleRequired").max(MAX_TITLE, "titleTooLong"),
  body: z.string().trim().min(1, "bodyRequired").max(MAX_BODY, "bodyTooLong"),
});
export const ZReplyInput = z.object({
  threadId: z.uuid(),
  body: z.string().trim().min(1, "replyRequired").max(MAX_REPLY, "replyTooLong"),
});
export const ZReportInput = z.object({
  kind: z.enum(["thread", "reply"]),
  id: z.uuid(),
  reason: z.string().trim().max(MAX_REASON, "reasonTooLong").optional().default(""),
});
export const ZOwnDelete = z.object({ kind: z.enum(["thread", "reply"]), id: z.uuid() });
