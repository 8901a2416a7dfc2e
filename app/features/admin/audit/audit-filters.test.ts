import { describe, expect, test } from "vitest";
import { parseAuditFilters, parseSignInFilters } from "./audit-filters";

const url = (query: string) => new URL(`http://localhost/admin/audit?${query}`);

describe("audit filters", () => {
  test("text filters are trimmed; empty and too long ones are dropped", () => {
    expect(parseAuditFilters(url("actor=%20Ana%20&action=&entityId=" + "x".repeat(201)))).toMatchObject({
      actor: "Ana",
      action: undefined,
      entityId: undefined,
      page: 1,
    });
  });

  // The scanners' NUL replay (docs/reliability.md §4): PostgreSQL refuses a NUL in text, a 500.
  test("control characters (NUL included) never reach the query", () => {
    const filters = parseAuditFilters(url("actor=a%00b&action=%00&entityType=member%00&entityId=%01x%7F"));
    expect(filters).toMatchObject({ actor: "a b", action: undefined, entityType: "member", entityId: "x" });
    expect(parseSignInFilters(url("email=a%00%40b.co&result=failure%00")).email).toBe("a @b.co");
  });
});
