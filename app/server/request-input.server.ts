// Reading a request's form or JSON body and the client's address: every action uses them.

/** Header the Express layer sets from the socket (or the trusted proxy chain); never the client's. */
export const CLIENT_IP_HEADER = "x-church-client-ip";

export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

/**
 * Control characters other than tab and line breaks. No form field takes them, and
 * PostgreSQL refuses a NUL in text outright (which would surface as a 500).
 */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Reads a form post or a JSON body into a flat record. Anything else (a malformed body, a
 * multipart upload, a JSON array, a value with a control character) is refused as an
 * invalid request, never a 500.
 */
export async function readInput(request: Request): Promise<Record<string, unknown> | null> {
  const record = await readBody(request);
  if (!record) return null;
  for (const value of Object.values(record)) {
    if (typeof value === "string" && CONTROL_CHARACTER.test(value)) return null;
  }
  return record;
}

async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  const type = request.headers.get("content-type") ?? "";
  try {
    if (type.includes("application/json")) {
      const body: unknown = await request.json();
      return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    }
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      const form = await request.formData();
      const record: Record<string, unknown> = {};
      for (const [key, value] of form) {
        if (typeof value !== "string") return null;
        record[key] = value;
      }
      return record;
    }
  } catch {
    return null;
  }
  return null;
}
