import { appendFile, mkdir } from "node:fs/promises";
import path from "node:path";

export interface SmsMessage {
  to: string;
  body: string;
}

export interface SmsProvider {
  send(m: SmsMessage): Promise<void>;
}

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** The sending number in E.164 form (+15555550100). */
  from: string;
  /** Only for tests against a local fake; defaults to https://api.twilio.com. */
  apiBaseUrl?: string;
}

export interface CreateSmsProviderOptions {
  twilio?: TwilioOptions;
  /** Without Twilio, each message is appended to `<dataDir>/outbox/sms.jsonl`. */
  dataDir: string;
}

/**
 * The most one Twilio request may take, body included (the abort signal covers both). The
 * outbox's claim lease is derived from this bound.
 */
export const SMS_SEND_TIMEOUT_MS = 10_000;

/**
 * Twilio refused the request itself (an invalid or unsubscribed number, an unknown resource):
 * the same request fails the same way however often it is retried. Bad credentials (401,
 * 403) are the operator's to fix, after which waiting codes should still go out; 429 and
 * 5xx are worth a retry too.
 */
const PERMANENT_TWILIO_STATUSES = new Set([400, 404]);

export function createSmsProvider({ twilio, dataDir }: CreateSmsProviderOptions): SmsProvider {
  if (twilio) return createTwilioProvider(twilio);

  const folder = path.join(dataDir, "outbox");
  const file = path.join(folder, "sms.jsonl");
  return {
    async send(m) {
      await mkdir(folder, { recursive: true });
      // One write per line: O_APPEND keeps concurrent lines whole.
      const line = JSON.stringify({ to: m.to, body: m.body, at: new Date().toISOString() });
      await appendFile(file, `${line}\n`, { encoding: "utf8", mode: 0o600 });
    },
  };
}

function createTwilioProvider({ accountSid, authToken, from, apiBaseUrl }: TwilioOptions): SmsProvider {
  const base = (apiBaseUrl ?? "https://api.twilio.com").replace(/\/+$/, "");
  const endpoint = `${base}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  return {
    async send(m) {
      const response = await fetch(endpoint, {
        method: "POST",
        headers: {
          authorization,
          accept: "application/json",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ To: m.to, From: from, Body: m.body }),
        signal: AbortSignal.timeout(SMS_SEND_TIMEOUT_MS),
      });
      if (response.ok) {
        // Drain the body so the connection can be reused.
        await response.arrayBuffer().catch(() => undefined);
        return;
      }
      throw Object.assign(new Error(await describeTwilioError(response)), {
        status: response.status,
        permanent: PERMANENT_TWILIO_STATUSES.has(response.status),
      });
    },
  };
}

/** Twilio answers errors as `{ code, message, more_info, status }`; fall back to the status. */
async function describeTwilioError(response: Response): Promise<string> {
  const raw = await response.text().catch(() => "");
  let detail: { code?: unknown; message?: unknown } = {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === "object") detail = parsed as typeof detail;
  } catch {
    // Not JSON (a proxy's HTML page, say): the status line says enough.
  }
  const code = typeof detail.code === "number" || typeof detail.code === "string" ? `, code ${detail.code}` : "";
  const message = typeof detail.message === "string" && detail.message ? detail.message : response.statusText;
  return `Twilio rejected the message (HTTP ${response.status}${code}): ${message}`.trim();
}
