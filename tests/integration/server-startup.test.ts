// The production server as `npm start` runs it: start-up migrations and seed, readiness,
// SIGTERM within 5 s, and data that survives a restart without a second seed.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { churchSettings, mediaGallery } from "~/db/schema";
import { openDatabase, type DatabaseHandle } from "~/server/db.server";
import { snapshotProductionBuild, startAppServer, type AppServer } from "../support/app-server";
import { countRows } from "../support/table-counts";
import { createThrowawayDatabase, describeEachBackend, type ThrowawayDatabase } from "../support/test-database";

describeEachBackend("node server.js", (backend) => {
  let snapshot: ReturnType<typeof snapshotProductionBuild>;
  let dataDir: string;
  let database: ThrowawayDatabase | undefined;
  let server: AppServer | undefined;
  let countsBeforeRestart: Record<string, number>;

  const openDirectly = (): Promise<DatabaseHandle> => openDatabase(database ? { databaseUrl: database.url } : { dataDir });
  const start = () => startAppServer({ cwd: snapshot.dir, dataDir, databaseUrl: database?.url });

  beforeAll(async () => {
    snapshot = snapshotProductionBuild();
    dataDir = mkdtempSync(path.join(tmpdir(), "church-start-"));
    if (backend.name === "postgres") database = await createThrowawayDatabase();
  });
  afterAll(async () => {
    await server?.stop(2000);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    snapshot?.remove();
  });

  test("first start: migrates, seeds and becomes ready on /readyz", async () => {
    server = await start();
    const ready = await fetch(`${server.baseURL}/readyz`);
    expect(ready.status).toBe(200);
    const home = await fetch(`${server.baseURL}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Living Hope Church");
  });

  test("an unknown path answers 404 and is logged with its path", async () => {
    const response = await fetch(`${server!.baseURL}/no-such-page-4711`);
    expect(response.status).toBe(404);
    await response.text();
    await expect.poll(() => server!.output().stdout + server!.output().stderr).toContain("/no-such-page-4711");
  });

  test("SIGTERM stops it within 5 s with exit code 0", async () => {
    const { ms, code, signal } = await server!.stop(10_000);
    server = undefined;
    expect(signal).toBeNull();
    expect(code).toBe(0);
    expect(ms).toBeLessThan(5000);
  });

  test("the data is on disk: change it while the server is stopped", async () => {
    const handle = await openDirectly();
    try {
      countsBeforeRestart = await countRows(handle.db);
      expect(countsBeforeRestart.church_settings).toBe(1);
      expect(countsBeforeRestart.profiles).toBe(0);
      await handle.db.update(churchSettings).set({ nameEn: "Renamed Test Church" });
      const [first] = await handle.db.select({ id: mediaGallery.id }).from(mediaGallery).limit(1);
      await handle.db.delete(mediaGallery).where(eq(mediaGallery.id, first!.id));
      countsBeforeRestart = await countRows(handle.db);
    } finally {
      await handle.close();
    }
  });

  test("second start on the same data: the changes survived and the seed did not run again", async () => {
    server = await start();
    const html = await (await fetch(`${server.baseURL}/about`)).text();
    expect(html).toContain("Renamed Test Church");
    const { ms, code } = await server.stop(10_000);
    server = undefined;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(5000);

    const handle = await openDirectly();
    try {
      expect(await countRows(handle.db)).toEqual(countsBeforeRestart);
      const [settings] = await handle.db.select({ name: churchSettings.nameEn }).from(churchSettings);
      expect(settings!.name).toBe("Renamed Test Church");
    } finally {
      await handle.close();
    }
  });
});

test("a bad environment variable stops start-up with a message naming it", async () => {
  const snapshot = snapshotProductionBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), "church-badenv-"));
  try {
    await expect(startAppServer({ cwd: snapshot.dir, dataDir, env: { PORT: "not-a-port" }, readyTimeoutMs: 20_000 })).rejects.toThrow(
      /exited before it was ready[\s\S]*PORT/,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    snapshot.remove();
  }
});
