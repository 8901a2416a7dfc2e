import { createHmac } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 (the encoding of authenticator-app keys), case and spaces ignored. */
export function decodeBase32(input: string): Buffer {
  const clean = input.replace(/[\s=]/g, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 4226 HOTP with HMAC-SHA1 and dynamic truncation. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/**
 * RFC 6238 TOTP: what an authenticator app shows for a base32 key at `at` (default now).
 * Tests compute the code themselves instead of asking the library under test.
 */
export function totp(secretBase32: string, options: { at?: number; period?: number; digits?: number } = {}): string {
  const period = options.period ?? 30;
  const counter = Math.floor((options.at ?? Date.now()) / 1000 / period);
  return hotp(decodeBase32(secretBase32), counter, options.digits ?? 6);
}

/** The secret of an otpauth:// URI. */
export function secretFromOtpauth(uri: string): string {
  const secret = new URL(uri).searchParams.get("secret");
  if (!secret) throw new Error(`no secret in ${uri}`);
  return secret;
}

const usedSteps = new Map<string, Set<number>>();

/**
 * An authenticator code the server has not accepted yet. The app accepts each code once
 * (RFC 6238 §5.2; auth.server.ts), so a test signing in twice within 30 s takes the next
 * step's code (accepted one step early), or waits for a new step when those are used too.
 * `store`: a file that remembers the steps taken, for an administrator signed in from several
 * test files or processes (e2e); without it, this process remembers them.
 */
export async function unusedTotp(secretBase32: string, options: { store?: string } = {}): Promise<string> {
  const { store } = options;
  const used = usedSteps.get(secretBase32) ?? new Set<number>();
  usedSteps.set(secretBase32, used);
  if (store && existsSync(store)) for (const step of JSON.parse(readFileSync(store, "utf8")) as number[]) used.add(step);
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / 30_000);
    const leftInStep = (current + 1) * 30_000 - now;
    // The previous step's code is still accepted until this step ends: only with time to spare.
    const candidates = leftInStep > 5_000 ? [current, current + 1, current - 1] : [current + 1, current];
    const step = candidates.find((s) => !used.has(s));
    if (step !== undefined) {
      used.add(step);
      if (store) writeFileSync(store, JSON.stringify([...used].filter((s) => s >= current - 2)));
      return hotp(decodeBase32(secretBase32), step);
    }
    await new Promise((resolve) => setTimeout(resolve, leftInStep + 50));
  }
}
