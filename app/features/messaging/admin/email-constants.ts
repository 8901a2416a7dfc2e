/** Limits and names the email page and its server code share (no server code here). */
export const SUBJECT_MAX = 200;
export const BODY_MAX = 20_000;

/** A recipient's delivery status: its outbox message's, or `skipped`. */
export const DELIVERY_STATUSES = ["pending", "sending", "sent", "failed", "skipped"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
