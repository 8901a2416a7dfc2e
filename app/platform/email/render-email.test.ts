import { describe, expect, test } from "vitest";
import { escapeHtml, renderEmail } from "./render-email";

const base = {
  language: "en" as const,
  churchName: "Living Hope Church",
  siteUrl: "https://example.church/",
  heading: "Welcome",
  paragraphs: ["First paragraph.", "Second paragraph."],
};

describe("escapeHtml", () => {
  test("escapes the five HTML-special characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;",
    );
  });

  test("neutralises a script tag", () => {
    expect(escapeHtml("<script>alert(1)</script>")).toBe("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  test("escapes an ampersand once, leaves plain text and accents alone", () => {
    expect(escapeHtml("&amp;")).toBe("&amp;amp;");
    expect(escapeHtml("Iglesia Esperanza Viva — ¡Bienvenidos!")).toBe("Iglesia Esperanza Viva — ¡Bienvenidos!");
  });
});

describe("renderEmail", () => {
  test("sets the lang attribute from the language", () => {
    expect(renderEmail(base).html).toContain('<html lang="en"');
    expect(renderEmail({ ...base, language: "es" }).html).toContain('<html lang="es"');
  });

  test("layout tables are presentational", () => {
    const { html } = renderEmail(base);
    const tables = html.match(/<table\b[^>]*>/g) ?? [];
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) expect(table).toContain('role="presentation"');
  });

  test("escapes every piece of caller text in the HTML", () => {
    const { html } = renderEmail({
      ...base,
      churchName: `Church "<b>"`,
      heading: "<script>alert('h')</script>",
      paragraphs: ["<img src=x onerror=alert(1)>"],
      action: { label: "<i>Go</i>", url: 'https://example.church/?a=1&b="2"' },
      footnote: "<u>small</u>",
    });
    expect(html).not.toMatch(/<script|<img|<b>|<i>|<u>/);
    expect(html).toContain("&lt;script&gt;alert(&#39;h&#39;)&lt;/script&gt;");
    expect(html).toContain('href="https://example.church/?a=1&amp;b=&quot;2&quot;"');
    expect(html).toContain("Church &quot;&lt;b&gt;&quot;");
  });

  test("the text version has every paragraph and the action URL on its own line", () => {
    const url = "https://example.church/auth/callback?type=magiclink&token=abc";
    const { text, html } = renderEmail({ ...base, action: { label: "Sign in", url }, footnote: "Ignore me." });
    expect(text.split("\n")).toContain(url);
    expect(text).toContain("First paragraph.");
    expect(text).toContain("Second paragraph.");
    expect(text).toContain("Ignore me.");
    expect(text).toContain("Living Hope Church");
    expect(text).not.toMatch(/<[a-z]/i);
    expect(html).toContain(`href="${url.replace("&", "&amp;")}"`);
  });

  test("without an action there is no button", () => {
    const { html, text } = renderEmail(base);
    expect(html).not.toContain('<a href="https://example.church/auth');
    expect(text).not.toContain("copy");
  });

  test("the layout's own words follow the language", () => {
    const action = { label: "Ir", url: "https://example.church/x" };
    const en = renderEmail({ ...base, action });
    const es = renderEmail({ ...base, language: "es", action });
    expect(en.html).toContain("copy and paste this link");
    expect(es.html).toContain("copie y pegue este enlace");
    expect(es.text).toContain("Este correo fue enviado por Living Hope Church.");
  });

  test("refuses non-web links", () => {
    expect(() => renderEmail({ ...base, action: { label: "x", url: "javascript:alert(1)" } })).toThrow(/http/);
  });
});
