import { createHash, createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { adminUsers, appMeta } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { logger } from "~/server/logger.server";

/**
 * The one-time setup code of an install without an administrator (issue 34, ADR 037): the
 * server writes it to its log and to DATA_DIR/setup-code (mode 0600); /admin/setup asks for it
 * before anyone may make the first administrator. The database keeps only its SHA-256 (app_meta
 * `setup_code_sha256`), so the code works on every instance that shares the database and stops
 * working the moment the first administrator is made (the row is deleted in the same step).
 */
export const SETUP_CODE_KEY = "setup_code_sha256";
export const SETUP_CODE_FILE = "setup-code";

/** No 0/O, 1/I/L: read off a screen or a log and typed by hand. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const GROUPS = 3;
const GROUP_LENGTH = 4;

/** "7KQ4-M2XD-9PRT": 12 characters of a 31-letter alphabet, about 59 bits. */
export function generateSetupCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = "";
    for (let i = 0; i < GROUP_LENGTH; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join("-");
}

/** What people type: any case, spaces or dashes anywhere. */
export function normalizeSetupCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, "");
}

export function hashSetupCode(code: string): string {
  return createHash("sha256")
    .update(`church-setup-code:${normalizeSetupCode(code)}`)
    .digest("hex");
}

export async function hasAdministrator(db: AppDatabase): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(adminUsers);
  return Number(row?.n ?? 0) > 0;
}

export function setupCodeFile(dataDir: string): string {
  return path.resolve(dataDir, SETUP_CODE_FILE);
}

/**
 * At start-up. With an administrator: no code, and a leftover file is removed. Without one: the
 * code in DATA_DIR/setup-code (made now if there is none) is the one the database accepts, and
 * it is logged, so whoever installed the site finds it in either place.
 */
export async function ensureSetupCode({ db, dataDir }: { db: AppDatabase; dataDir: string }): Promise<string | null> {
  const file = setupCodeFile(dataDir);
  if (await hasAdministrator(db)) {
    removeSetupCodeFile(dataDir);
    return null;
  }
  let code = existsSync(file) ? normalizeSetupCode(readFileSync(file, "utf8")) : "";
  if (!new RegExp(`^[${ALPHABET}]{${GROUPS * GROUP_LENGTH}}$`).test(code)) {
    code = generateSetupCode();
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${code}\n`, { mode: 0o600 });
  } else {
    code = code.match(new RegExp(`.{${GROUP_LENGTH}}`, "g"))!.join("-");
  }
  const hash = hashSetupCode(code);
  await db
    .insert(appMeta)
    .values({ key: SETUP_CODE_KEY, value: hash })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: hash, updatedAt: new Date() } });
  logger.warn(
    { file, setupCode: code },
    `No administrator yet: open /admin/setup in a browser and enter the setup code ${code} (also in ${file}).`,
  );
  return code;
}

export function removeSetupCodeFile(dataDir: string): void {
  rmSync(setupCodeFile(dataDir), { force: true });
}

/** The stored hash, or null when there is no code (an administrator exists, or none was made). */
export async function currentSetupCodeHash(db: AppDatabase): Promise<string | null> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, SETUP_CODE_KEY)).limit(1);
  return row?.value ?? null;
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** True when `input` is the code whose hash is `stored` (compared in constant time). */
export function setupCodeMatches(stored: string | null, input: string): boolean {
  if (!stored) return false;
  const normalized = normalizeSetupCode(input);
  if (normalized.length !== GROUPS * GROUP_LENGTH) return false;
  return sameHex(stored, hashSetupCode(normalized));
}

/** True when `input` is the current code. */
export async function checkSetupCode(db: AppDatabase, input: string): Promise<boolean> {
  return setupCodeMatches(await currentSetupCodeHash(db), input);
}

/**
 * Uses the code up: deletes its row if it is still the one proven (`hash`). Only one of two
 * people racing with the same code gets true; the other is told the code no longer works.
 */
export async function claimSetupCode(db: AppDatabase, hash: string): Promise<boolean> {
  const deleted = await db.delete(appMeta).where(eq(appMeta.key, SETUP_CODE_KEY)).returning({ value: appMeta.value });
  const row = deleted[0];
  if (!row) return false;
  if (row.value !== hash) {
    await db.insert(appMeta).values({ key: SETUP_CODE_KEY, value: row.value }).onConflictDoNothing();
    return false;
  }
  return true;
}

/** Puts a claimed code back (making the administrator failed after the claim). */
export async function restoreSetupCode(db: AppDatabase, hash: string): Promise<void> {
  await db.insert(appMeta).values({ key: SETUP_CODE_KEY, value: hash }).onConflictDoNothing();
}

/** The code is done with everywhere: the first administrator exists. */
export async function clearSetupCode({ db, dataDir }: { db: AppDatabase; dataDir: string }): Promise<void> {
  await db.delete(appMeta).where(eq(appMeta.key, SETUP_CODE_KEY));
  removeSetupCodeFile(dataDir);
}

/**
 * The proof, kept in an HttpOnly cookie for 30 minutes, that this browser entered the code:
 * `<expiry ms>.<HMAC over the code's hash and the expiry>`. It stops working with the code.
 */
export const SETUP_PROOF_SECONDS = 30 * 60;

export function signSetupProof(key: string, codeHash: string, now = Date.now()): string {
  const expires = now + SETUP_PROOF_SECONDS * 1000;
  return `${expires}.${createHmac("sha256", key).update(`setup:${codeHash}:${expires}`).digest("base64url")}`;
}

export function verifySetupProof(key: string, codeHash: string | null, proof: string | undefined, now = Date.now()): boolean {
  if (!codeHash || !proof) return false;
  const match = /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(proof);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires < now) return false;
  const expected = createHmac("sha256", key).update(`setup:${codeHash}:${expires}`).digest();
  const given = Buffer.from(match[2]!, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
