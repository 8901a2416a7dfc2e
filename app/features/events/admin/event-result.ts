import type { EventFieldError, EventFormValues } from "./event-form";

/** What the event form's action answers when it does not redirect. */
export type EventFormResult =
  | { ok: true; message: "saved" | "unchanged" }
  | {
      ok: false;
      /** `events.messages.<message>` */
      message: "invalid" | "notFound" | "addedQuestion";
      fieldErrors: Record<string, EventFieldError>;
      /** What was posted, to refill the form. */
      values: EventFormValues;
    };
