// The church assistant's floating chat widget (issue 9, client half): a round button on every
// site page whose panel (and strings, and logic) load only on first open; opening, closing and
// focus from the keyboard in both languages at 360 px and on a desktop, axe clean; Enter sends
// the trimmed message with the history before it, Shift+Enter makes a new line, whitespace is
// ignored; the pending state; a streamed NDJSON answer with its sources as links, shown as text;
// every failure raises the 'Error' toast and the apology with the church's phone number. The
// endpoint is routed in the browser (`page.route`) so each answer shape is exact.
import type { Page, Request, Route } from "playwright-core";
import { describe, expect, test } from "vitest";
import { setupBrowser, visit } from "../support/browser";
import { fitsWidth } from "../support/page-checks";
import { runAxe } from "../support/axe";

const browser = setupBrowser();

const PHONE_DISPLAY = "(217) 555-0142";
const ui = {
  en: {
    open: "Open church assistant",
    heading: "Church assistant",
    close: "Close church assistant",
    placeholder: "Ask a question...",
    greeting: "Hello! I'm the church assistant.",
    send: "Send message",
    typing: "Assistant is typing…",
    sources: "Sources",
    failed: "Failed to get response. Please try again.",
    apology: `Please contact the church directly by phone at ${PHONE_DISPLAY}.`,
  },
  es: {
    open: "Abrir el asistente de la iglesia",
    heading: "Asistente de la iglesia",
    close: "Cerrar el asistente de la iglesia",
    placeholder: "Haga una pregunta...",
    greeting: "¡Hola! Soy el asistente de la iglesia.",
    send: "Enviar mensaje",
    typing: "El asistente está escribiendo…",
    sources: "Fuentes",
    failed: "No se pudo obtener una respuesta. Inténtelo de nuevo.",
    apology: `Comuníquese directamente con la iglesia por teléfono al ${PHONE_DISPLAY}.`,
  },
} as const;
type Language = keyof typeof ui;

// Chromium reports a refused or failed fetch on the console; those are the point of the error tests.
const failedLoads = [/Failed to load resource/];

const ndjson = (...events: object[]) => events.map((e) => JSON.stringify(e)).join("\n") + "\n";
const streamed = (body: string) => ({ status: 200, headers: { "Content-Type": "application/x-ndjson" }, body });

interface ChatBody {
  message: string;
  conversationHistory: { role: string; content: string }[];
}

/** Routes the endpoint: each request is recorded and answered by `answer`. */
async function routeChat(page: Page, answer: (route: Route, request: Request) => Promise<void>) {
  const requests: { url: string; body: ChatBody }[] = [];
  await page.route("**/assistant/chat*", async (route, request) => {
    requests.push({ url: request.url(), body: request.postDataJSON() as ChatBody });
    await answer(route, request);
  });
  return requests;
}

const activeElement = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { tag: el?.tagName, placeholder: el?.getAttribute("placeholder"), expanded: el?.getAttribute("aria-expanded") };
  });

async function openWithKeyboard(page: Page, language: Language) {
  const button = page.getByRole("button", { name: ui[language].open });
  await button.focus();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("dialog", { name: ui[language].heading });
  await panel.waitFor();
  await page.waitForFunction(() => document.activeElement?.tagName === "TEXTAREA");
  return panel;
}

async function ask(page: Page, text: string) {
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
}

describe("church assistant chat widget", () => {
  const viewports = [
    { label: "desktop", width: 1280, height: 800 },
    { label: "360 px", width: 360, height: 740 },
  ] as const;
  const cases = (["en", "es"] as const).flatMap((language) => viewports.map((viewport) => ({ language, viewport })));

  test.each(cases)(
    "opens and closes from the keyboard, greets, fits, axe clean ($language, $viewport.label)",
    async ({ language, viewport }) => {
      const s = ui[language];
      const page = await browser.newPage({ viewport: { width: viewport.width, height: viewport.height } });
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(request.url());
      });
      await visit(page, `/events?lang=${language}`);
      // Page weight: the panel and the assistant strings are not part of the first load.
      expect(scripts.filter((url) => /chat-panel|assistant/.test(url))).toEqual([]);

      const button = page.getByRole("button", { name: s.open });
      const box = (await button.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(await button.getAttribute("aria-expanded")).toBe("false");

      const panel = await openWithKeyboard(page, language);
      expect(scripts.some((url) => url.includes("chat-panel"))).toBe(true);
      expect(await activeElement(page)).toMatchObject({ tag: "TEXTAREA", placeholder: s.placeholder });
      await panel.getByRole("heading", { name: s.heading }).waitFor();
      const log = panel.getByRole("log");
      expect(await log.getAttribute("aria-live")).toBe("polite");
      expect(await log.innerText()).toContain(s.greeting);

      const size = (await panel.boundingBox())!;
      if (viewport.width >= 1024) {
        expect(Math.round(size.width)).toBe(384);
        expect(Math.round(size.height)).toBe(500);
      } else {
        expect(size.x).toBeGreaterThanOrEqual(0);
        expect(size.x + size.width).toBeLessThanOrEqual(viewport.width);
        expect(size.y).toBeGreaterThanOrEqual(0);
        expect(size.y + size.height).toBeLessThanOrEqual(viewport.height);
      }
      expect(await fitsWidth(page)).toBe(true);
      const axe = await runAxe(page, { include: "#church-assistant" });
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

      // Escape collapses it; focus is back on the button.
      await page.keyboard.press("Escape");
      await panel.waitFor({ state: "hidden" });
      expect(await activeElement(page)).toMatchObject({ tag: "BUTTON", expanded: "false" });

      // The close button too (reached with Shift+Tab from the input), and the conversation is kept.
      await page.keyboard.press("Enter");
      await panel.waitFor();
      await page.waitForFunction(() => document.activeElement?.tagName === "TEXTAREA");
      await page.keyboard.press("Shift+Tab"); // the log (scrollable, focusable)
      await page.keyboard.press("Shift+Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(s.close);
      await page.keyboard.press("Enter");
      await panel.waitFor({ state: "hidden" });
      expect(await activeElement(page)).toMatchObject({ tag: "BUTTON", expanded: "false" });
      expect(await fitsWidth(page)).toBe(true);
    },
  );

  test.each(["en", "es"] as const)(
    "Enter sends the trimmed message with the history; Shift+Enter and whitespace do not send; a streamed answer with sources, as text (%s)",
    async (language) => {
      const s = ui[language];
      const page = await browser.newPage();
      const replies = [
        ndjson(
          { type: "delta", text: "Sunday Worship " },
          { type: "delta", text: "is at 11:00 AM." },
          {
            type: "done",
            reply: "Sunday Worship is at 11:00 AM.\nSunday School is at 9:30 AM. <b>Welcome</b>",
            sources: [
              { title: "Plan a Visit", href: "/plan-visit" },
              { title: "Evil", href: "javascript:alert(1)" },
              { title: "About", href: "/about" },
            ],
          },
        ),
        ndjson({ type: "done", reply: "Yes, there is a nursery.", sources: [] }),
      ];
      const requests = await routeChat(page, (route) => route.fulfill(streamed(replies.shift()!)));
      await visit(page, `/?lang=${language}`);
      const panel = await openWithKeyboard(page, language);
      const input = panel.getByPlaceholder(s.placeholder);

      // Shift+Enter inserts a new line and sends nothing.
      await page.keyboard.type("first line");
      await page.keyboard.press("Shift+Enter");
      await page.keyboard.type("second line");
      expect(await input.inputValue()).toBe("first line\nsecond line");
      await page.keyboard.press("Control+A");
      await page.keyboard.press("Delete");
      // Whitespace only is ignored.
      await ask(page, "   \n  ");
      await page.keyboard.press("Enter");
      await page.waitForTimeout(300);
      expect(requests).toHaveLength(0);
      await page.keyboard.press("Control+A");
      await page.keyboard.press("Delete");

      await ask(page, "   When is worship?  ");
      const log = panel.getByRole("log");
      await log.getByText("Sunday School is at 9:30 AM.", { exact: false }).waitFor();
      expect(requests).toHaveLength(1);
      expect(new URL(requests[0]!.url).pathname).toBe("/assistant/chat");
      expect(new URL(requests[0]!.url).searchParams.get("lang")).toBe(language === "es" ? "es" : null);
      expect(requests[0]!.body).toEqual({ message: "When is worship?", conversationHistory: [] });
      expect(await input.inputValue()).toBe("");

      const text = await log.innerText();
      expect(text).toContain("When is worship?");
      expect(text).toContain("Sunday Worship is at 11:00 AM.\nSunday School is at 9:30 AM. <b>Welcome</b>");
      expect(await log.locator("b").count()).toBe(0);
      // Streamed text was replaced by the full reply, not appended to.
      expect(text.match(/Sunday Worship is at 11:00 AM\./g)).toHaveLength(1);
      await log.getByText(s.sources).waitFor();
      expect(await log.getByRole("link", { name: "Plan a Visit" }).getAttribute("href")).toBe("/plan-visit");
      expect(await log.getByRole("link", { name: "About" }).getAttribute("href")).toBe("/about");
      expect(await log.getByRole("link").count()).toBe(2);
      // User and assistant messages look different.
      const [userBg, assistantBg] = await Promise.all(
        ["user", "assistant"].map((role) =>
          log
            .locator(`[data-role=${role}]`)
            .last()
            .evaluate((el) => getComputedStyle(el).backgroundColor),
        ),
      );
      expect(userBg).not.toBe(assistantBg);

      // The next question carries the history before it (not the greeting, not itself).
      await page.waitForFunction(() => document.activeElement?.tagName === "TEXTAREA");
      await ask(page, "Is there a nursery?");
      await log.getByText("Yes, there is a nursery.").waitFor();
      expect(requests[1]!.body).toEqual({
        message: "Is there a nursery?",
        conversationHistory: [
          { role: "user", content: "When is worship?" },
          { role: "assistant", content: "Sunday Worship is at 11:00 AM.\nSunday School is at 9:30 AM. <b>Welcome</b>" },
        ],
      });

      // A source is a link within the site: following it keeps the panel and the conversation.
      await log.getByRole("link", { name: "Plan a Visit" }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname === "/plan-visit");
      expect(await panel.isVisible()).toBe(true);
      expect(await log.innerText()).toContain("Yes, there is a nursery.");
    },
  );

  test("while a reply is pending, input and send are disabled and the typing status shows", async () => {
    const s = ui.en;
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const requests = await routeChat(page, async (route) => {
      await held;
      await route.fulfill(
        streamed(
          ndjson({ type: "delta", text: "One moment" }, { type: "done", reply: "Wednesday Bible Study is at 7:00 PM.", sources: [] }),
        ),
      );
    });
    await visit(page, "/");
    const panel = await openWithKeyboard(page, "en");
    const input = panel.getByPlaceholder(s.placeholder);
    const send = panel.getByRole("button", { name: s.send });
    await ask(page, "Bible study?");
    await panel.getByRole("status").filter({ hasText: s.typing }).waitFor();
    expect(await input.isDisabled()).toBe(true);
    expect(await send.isDisabled()).toBe(true);
    expect(await panel.getByRole("log").getAttribute("aria-busy")).toBe("true");
    expect(await panel.locator("form .animate-spin").count()).toBe(1);
    // A second send while pending does nothing.
    await send.click({ force: true });
    expect(requests).toHaveLength(1);

    release();
    await panel.getByRole("log").getByText("Wednesday Bible Study is at 7:00 PM.").waitFor();
    await panel.getByRole("status").waitFor({ state: "detached" });
    expect(await input.isDisabled()).toBe(false);
    expect(await send.isDisabled()).toBe(false);
    expect(requests).toHaveLength(1);
    await page.waitForFunction(() => document.activeElement?.tagName === "TEXTAREA");
  });

  const failures = [
    {
      label: "a 500 without JSON",
      language: "en",
      answer: (r: Route) => r.fulfill({ status: 500, body: "Internal Server Error" }),
      toast: ui.en.failed,
    },
    {
      label: "a 400 with an error",
      language: "en",
      answer: (r: Route) => r.fulfill({ status: 400, json: { error: "Your message is too long." } }),
      toast: "Your message is too long.",
    },
    {
      label: "a 429 with an error",
      language: "es",
      answer: (r: Route) => r.fulfill({ status: 429, json: { error: "Demasiadas preguntas. Espere un momento." } }),
      toast: "Demasiadas preguntas. Espere un momento.",
    },
    {
      label: "an error line",
      language: "en",
      answer: (r: Route) =>
        r.fulfill(streamed(ndjson({ type: "delta", text: "Sun" }, { type: "error", error: "The assistant is unavailable." }))),
      toast: "The assistant is unavailable.",
    },
    {
      label: "a stream without done",
      language: "es",
      answer: (r: Route) => r.fulfill(streamed(ndjson({ type: "delta", text: "Los domingos" }))),
      toast: ui.es.failed,
    },
    { label: "a network failure", language: "es", answer: (r: Route) => r.abort("failed"), toast: ui.es.failed },
  ] as const;

  test.each(failures)(
    "$label: the 'Error' toast and the apology with the phone number ($language)",
    async ({ language, answer, toast }) => {
      const s = ui[language];
      const page = await browser.newPage({ allowConsoleErrors: failedLoads });
      const requests = await routeChat(page, answer);
      await visit(page, `/?lang=${language}`);
      const panel = await openWithKeyboard(page, language);
      await ask(page, "When is worship?");
      const alert = page.getByRole("alert").filter({ hasText: "Error" });
      await alert.waitFor();
      expect(await alert.innerText()).toContain(toast);
      const log = panel.getByRole("log");
      await log.getByText(s.apology, { exact: false }).waitFor();
      expect(await log.getByRole("link", { name: PHONE_DISPLAY }).getAttribute("href")).toMatch(/^tel:\+?\d+$/);
      // A partly streamed answer does not stay.
      expect(await log.innerText()).not.toMatch(/\bSun\b|Los domingos/);
      expect(requests).toHaveLength(1);
      // The chat is usable again; the apology is not sent back as history.
      expect(await panel.getByPlaceholder(s.placeholder).isDisabled()).toBe(false);
      await page.unroute("**/assistant/chat*");
      const next = await routeChat(page, (r) => r.fulfill(streamed(ndjson({ type: "done", reply: "Answered after all.", sources: [] }))));
      await panel.getByPlaceholder(s.placeholder).focus();
      await ask(page, "Again");
      await log.getByText("Answered after all.").waitFor();
      expect(next[0]!.body.conversationHistory).toEqual([{ role: "user", content: "When is worship?" }]);
    },
  );

  test.each([
    { language: "en", question: "What time is Sunday worship?" },
    { language: "es", question: "¿A qué hora es el culto del domingo?" },
  ] as const)("the real endpoint answers a question about service times ($language)", async ({ language, question }) => {
    const page = await browser.newPage();
    const answers: { status: number; type: string | null; url: string }[] = [];
    page.on("response", (response) => {
      if (response.url().includes("/assistant/chat"))
        answers.push({ status: response.status(), type: response.headers()["content-type"] ?? null, url: response.url() });
    });
    await visit(page, `/?lang=${language}`);
    const panel = await openWithKeyboard(page, language);
    await ask(page, question);
    const log = panel.getByRole("log");
    await log.locator("[data-role=assistant]").nth(1).getByText(/11:00/).waitFor();
    await panel.getByRole("status").waitFor({ state: "detached" });
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ status: 200 });
    expect(answers[0]!.type).toMatch(/^application\/x-ndjson/);
    expect(new URL(answers[0]!.url).searchParams.get("lang")).toBe(language === "es" ? "es" : null);
    expect(await page.getByRole("alert").count()).toBe(0);
  });
});
