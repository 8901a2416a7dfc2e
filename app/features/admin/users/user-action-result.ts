import type { AdminMessage } from "../../../platform/admin/admin-translation";

/** What a users-section action answers: the page shows the notice or the error. */
export type UserActionResult =
  { ok: true; status: 200; notice: AdminMessage } | { ok: false; status: 400 | 403 | 404 | 409; error: AdminMessage };

export function refused(status: 400 | 403 | 404 | 409, key: AdminMessage["key"], values?: AdminMessage["values"]): UserActionResult {
  return { ok: false, status, error: values ? { key, values } : { key } };
}

export function done(key: AdminMessage["key"], values?: AdminMessage["values"]): UserActionResult {
  return { ok: true, status: 200, notice: values ? { key, values } : { key } };
}

/** Thrown inside a transaction to roll it back with a translated refusal. */
export class UserActionRefusal extends Error {
  constructor(readonly result: UserActionResult) {
    super(result.ok ? "ok" : result.error.key);
  }
}
