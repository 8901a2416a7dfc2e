import { data } from "react-router";
import { readInput } from "~/server/request-input.server";
import { NO_STORE, type AdminContext } from "~/platform/admin/require-admin.server";
import { deleteSermonTaxonomy } from "./delete-sermon-taxonomy.server";
import { parseId } from "./parse-id";
import { saveSermonTaxonomy } from "./save-sermon-taxonomy.server";
import type { TaxonomyFieldError, TaxonomyKind } from "./sermon-taxonomy";

export type SermonListMessage =
  | "invalidRequest"
  | "seriesCreated"
  | "seriesSaved"
  | "seriesDeleted"
  | "topicCreated"
  | "topicSaved"
  | "topicDeleted"
  | "unchanged"
  | "taxonomyInvalid"
  | "taxonomyNotFound"
  | "confirmDelete";

export interface SermonListActionData {
  ok: boolean;
  message: SermonListMessage;
  /** The form that failed ("series-new", "topic-12"…), its field errors and what was typed. */
  form?: string;
  fieldErrors?: Record<string, TaxonomyFieldError>;
  values?: Record<string, string>;
}

const INTENTS: Record<string, { kind: TaxonomyKind; op: "save" | "delete" }> = {
  "series-save": { kind: "series", op: "save" },
  "series-delete": { kind: "series", op: "delete" },
  "topic-save": { kind: "topic", op: "save" },
  "topic-delete": { kind: "topic", op: "delete" },
};

/** /admin/sermons POST: create, rename or delete a series or a topic. */
export async function handleSermonListAction(request: Request, ctx: AdminContext) {
  const answer = (body: SermonListActionData, status = 200) => data<SermonListActionData>(body, { status, headers: NO_STORE });
  const input = await readInput(request);
  const intent = input && typeof input.intent === "string" ? INTENTS[input.intent] : undefined;
  if (!input || !intent) return answer({ ok: false, message: "invalidRequest" }, 400);
  const rawId = typeof input.id === "string" && input.id !== "" ? input.id : null;
  const id = rawId === null ? null : parseId(rawId);
  if (rawId !== null && id === null) return answer({ ok: false, message: "invalidRequest" }, 400);
  const form = `${intent.kind}-${id ?? "new"}`;
  const values = Object.fromEntries(Object.entries(input).filter((e): e is [string, string] => typeof e[1] === "string"));

  if (intent.op === "delete") {
    if (id === null) return answer({ ok: false, message: "invalidRequest" }, 400);
    if (input.confirm !== "yes") return answer({ ok: false, message: "confirmDelete", form }, 400);
    const result = await deleteSermonTaxonomy({ db: ctx.db, actor: ctx.admin, ip: ctx.ip, kind: intent.kind, id });
    if (!result.ok) return answer({ ok: false, message: "taxonomyNotFound", form }, 404);
    return answer({ ok: true, message: intent.kind === "series" ? "seriesDeleted" : "topicDeleted" });
  }
  const result = await saveSermonTaxonomy({ db: ctx.db, actor: ctx.admin, ip: ctx.ip, kind: intent.kind, id, values: input });
  if (!result.ok) {
    return answer(
      { ok: false, message: result.status === 404 ? "taxonomyNotFound" : "taxonomyInvalid", form, fieldErrors: result.fieldErrors, values },
      result.status,
    );
  }
  if (!result.changed) return answer({ ok: true, message: "unchanged" });
  const message: SermonListMessage =
    intent.kind === "series" ? (result.created ? "seriesCreated" : "seriesSaved") : result.created ? "topicCreated" : "topicSaved";
  return answer({ ok: true, message });
}
