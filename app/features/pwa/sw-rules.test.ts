import { describe, expect, test } from "vitest";
import { isCachedPage, isHandledNavigation } from "./sw-rules";

describe("service worker rules", () => {
  test("the key public pages are kept for offline reading", () => {
    for (const path of ["/", "/plan-visit", "/events", "/about", "/watch", "/offline"]) expect(isCachedPage(path)).toBe(true);
    for (const path of ["/admin", "/auth", "/settings", "/give", "/events/easter", "/store/cart"]) expect(isCachedPage(path)).toBe(false);
  });

  test("never answered by the worker: admin, sign-in, settings, payments, the assistant, .data", () => {
    for (const path of [
      "/admin",
      "/admin/login",
      "/admin.data",
      "/auth",
      "/auth/callback",
      "/auth.data",
      "/settings",
      "/stripe/webhook",
      "/assistant/chat",
      "/give/thanks",
      "/give/history",
      "/give/statement/2025.pdf",
      "/store/cart",
      "/store/orders/1",
      "/email/unsubscribe",
      "/events.data",
    ]) {
      expect(isHandledNavigation(path), path).toBe(false);
    }
    for (const path of ["/", "/give", "/events/easter", "/sermons/grace", "/store", "/administration-notes", "/authors"]) {
      expect(isHandledNavigation(path), path).toBe(true);
    }
  });
});
