import type { AppDatabase } from "~/server/db.server";
import type { AdminContext } from "~/platform/admin/require-admin.server";
import type { UserActionResult } from "./user-action-result";
import { UserActionRefusal } from "./user-action-result";
import type { UserState } from "~/platform/admin/user-state.server";
import { beginUserChange } from "./user-guards.server";

/**
 * Runs one change to an account in a transaction: locks and reads the account
 * (beginUserChange), then `apply` writes the change and its audit entry. A refusal thrown
 * inside rolls everything back and becomes the answer, so nothing is half written.
 */
export async function runUserChange(
  context: Pick<AdminContext, "db" | "admin">,
  userId: string,
  apply: (tx: AppDatabase, before: UserState) => Promise<UserActionResult>,
): Promise<UserActionResult> {
  try {
    return await context.db.transaction(async (transaction) => {
      const tx = transaction as unknown as AppDatabase;
      const before = await beginUserChange(tx, context.admin, userId);
      return apply(tx, before);
    });
  } catch (error) {
    if (error instanceof UserActionRefusal) return error.result;
    throw error;
  }
}
