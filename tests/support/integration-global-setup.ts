import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/server/db.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** Files holding a copy of an empty and of a migrated PGlite database (tests/support/test-database.ts). */
    pgliteCopies?: { empty: string; migrated: string };
  }
}

/**
 * One empty and one migrated PGlite database for the whole integration run, each written to a
 * file that every in-memory test database starts from (`openDatabase({ loadDataDir })`): the
 * ~2.5 s of initdb per database are spent once. Made from this checkout's migrations at the
 * start of every run, removed at the end.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), "church-pglite-copies-"));
  const files = { empty: path.join(dir, "empty.tar"), migrated: path.join(dir, "migrated.tar") };
  const handle = await openDatabase({});
  try {
    writeFileSync(files.empty, Buffer.from(await (await handle.dump!()).arrayBuffer()));
    await handle.migrate();
    writeFileSync(files.migrated, Buffer.from(await (await handle.dump!()).arrayBuffer()));
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    await handle.close();
  }
  project.provide("pgliteCopies", files);
  return () => rmSync(dir, { recursive: true, force: true });
}
