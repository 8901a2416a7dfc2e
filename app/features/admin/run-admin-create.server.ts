import { parseArgs } from "node:util";
import { createAuthNotifier } from "~/features/auth/auth-notifier.server";
import { getChurchProfile } from "~/platform/church/get-church-profile.server";
import { createAuth, resolveAuthSecret, setAuth } from "~/server/auth.server";
import { openDatabase, setDatabase } from "~/server/db.server";
import { getEnv, siteUrl } from "~/server/env.server";
import { AdministratorInputError, createAdministrator, parseScopes } from "./create-administrator.server";
import { embeddedDatabaseHolder } from "./embedded-database-lock.server";
import { clearSetupCode } from "./setup/setup-code.server";
import { sendControlCommand } from "../../../scripts/lib/control-client.mjs";

const USAGE = "usage: npm run admin:create -- --email E --password P --name N [--scopes admin:*]";

/** The command behind `npm run admin:create` (scripts/admin-create.mjs loads it). Returns the exit code. */
export async function runAdminCreate(argv: string[]): Promise<number> {
  let values: { email?: string; password?: string; name?: string; scopes?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: "string" },
        password: { type: "string" },
        name: { type: "string" },
        scopes: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const env = getEnv();
  const input = { email: values.email ?? "", password: values.password, name: values.name ?? "", scopes: parseScopes(values.scopes) };
  if (!env.DATABASE_URL) {
    const holder = embeddedDatabaseHolder(env.DATA_DIR);
    // The running server holds the embedded database: it makes the administrator itself,
    // asked on its command socket (ADR 037).
    if (holder) return createThroughServer(env.DATA_DIR, holder, input, siteUrl(env));
  }
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    setDatabase(handle);
    await handle.migrate();
    const publicUrl = siteUrl(env);
    const church = await getChurchProfile({ db: handle.db, language: "en" });
    const auth = createAuth({
      db: handle.db,
      churchName: church?.name,
      publicUrl,
      secret: resolveAuthSecret({ configured: env.AUTH_SECRET, dataDir: env.DATA_DIR }),
      notifier: createAuthNotifier({ db: handle.db, publicUrl }),
    });
    setAuth(auth);
    const result = await createAdministrator({ db: handle.db, auth, input });
    // The first administrator exists: the browser's setup code is done with.
    await clearSetupCode({ db: handle.db, dataDir: env.DATA_DIR });
    report(result, input.email, publicUrl);
    return 0;
  } catch (error) {
    if (error instanceof AdministratorInputError) {
      console.error(`admin:create: ${error.message}\n${USAGE}`);
      return 2;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

function report(result: { created: boolean; scopes: string[] }, email: string, publicUrl: string): void {
  process.stdout.write(
    `${result.created ? "Created" : "Updated"} administrator ${email} with scopes ${result.scopes.join(", ")}.\n` +
      `Sign in at ${new URL("/admin/login", publicUrl)}; two-factor is set up at the first sign-in.\n`,
  );
}

async function createThroughServer(
  dataDir: string,
  holder: number | string,
  input: Record<string, unknown>,
  publicUrl: string,
): Promise<number> {
  const answer = await sendControlCommand(dataDir, "admin:create", input);
  if (!answer) {
    console.error(
      `The server (process ${holder}) has the embedded database in ${dataDir} open and does not answer on ${dataDir}/control.sock. Stop it first (or use DATABASE_URL), then run this again.`,
    );
    return 1;
  }
  if (!answer.ok) {
    console.error(`admin:create: ${answer.error}\n${USAGE}`);
    return 2;
  }
  report(answer as unknown as { created: boolean; scopes: string[] }, String(input.email), publicUrl);
  return 0;
}
