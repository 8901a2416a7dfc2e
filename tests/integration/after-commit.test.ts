// afterCommit (app/server/db.server.ts): what bumpContentVersion uses to tell the page cache of a
// change only once the change is visible. Transactions are the subject: both backends.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { afterCommit, inTransaction } from "~/server/db.server";
import { describeEachBackend, queryRows, type TestDatabase } from "../support/test-database";

describeEachBackend("afterCommit", (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await backend.open();
    await database.handle.db.execute(sql`create table after_commit_probe (note text)`);
  });
  afterAll(() => database.dispose());

  /** What another connection sees: the probe's rows (PGlite has one connection, PostgreSQL a pool). */
  const notes = async () =>
    (await queryRows<{ note: string }>(database.handle.db, sql`select note from after_commit_probe order by note`)).map((r) => r.note);

  test("outside a transaction it runs at once", () => {
    const ran: string[] = [];
    expect(inTransaction(database.handle.db)).toBe(false);
    afterCommit(database.handle.db, () => ran.push("now"));
    expect(ran).toEqual(["now"]);
  });

  test("in a transaction it runs once the transaction has committed, never when it rolls back", async () => {
    const ran: string[] = [];
    await database.handle.db.transaction(async (tx) => {
      expect(inTransaction(tx)).toBe(true);
      await tx.execute(sql`insert into after_commit_probe values ('committed')`);
      afterCommit(tx, () => ran.push("committed"));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(["committed"]);

    await expect(
      database.handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into after_commit_probe values ('rolled back')`);
        afterCommit(tx, () => ran.push("rolled back"));
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(ran).toEqual(["committed"]);
    expect(await notes()).toEqual(["committed"]);
  });

  test("a savepoint's callbacks wait for the outermost commit; a savepoint that rolls back drops its own", async () => {
    const ran: string[] = [];
    await database.handle.db.transaction(async (tx) => {
      await tx.transaction(async (savepoint) => {
        expect(inTransaction(savepoint)).toBe(true);
        afterCommit(savepoint, () => ran.push("released"));
      });
      expect(ran).toEqual([]);
      await tx
        .transaction(async (savepoint) => {
          afterCommit(savepoint, () => ran.push("rolled back"));
          throw new Error("rollback the savepoint");
        })
        .catch(() => {});
      afterCommit(tx, () => ran.push("outer"));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(["released", "outer"]);
  });
});
