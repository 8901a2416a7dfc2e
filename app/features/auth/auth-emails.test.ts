import { describe, expect, test } from "vitest";
import { greetableName, interpolate } from "~/platform/email/email-content";
import { authEmailStrings } from "./auth-email-strings";
import { confirmSignupEmail, magicLinkEmail, passwordResetEmail, smsCodeText } from "./auth-emails";

const common = { churchName: "Iglesia Esperanza Viva", siteUrl: "https://example.church" };
const url = "https://example.church/auth/callback?type=signup&token=t0k3n";

function leaves(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Object.values(value as Record<string, unknown>).flatMap(leaves);
}

describe("auth email strings", () => {
  test("every Spanish sentence differs from its English one", () => {
    const en = leaves(authEmailStrings.en);
    const es = leaves(authEmailStrings.es);
    expect(es).toHaveLength(en.length);
    en.forEach((sentence, i) => expect(es[i]).not.toBe(sentence));
  });

  test("interpolate fills placeholders and throws on a missing value", () => {
    expect(interpolate("{{a}} and {{b}}", { a: "1", b: "$&" })).toBe("1 and $&");
    expect(() => interpolate("{{missing}}", {})).toThrow(/missing/);
  });
});

describe.each(["en", "es"] as const)("auth emails in %s", (language) => {
  const emails = {
    confirm: confirmSignupEmail({ language, ...common, name: "María José", url }),
    magic: magicLinkEmail({ language, ...common, url }),
    reset: passwordResetEmail({ language, ...common, url }),
  };

  test.each(Object.keys(emails) as (keyof typeof emails)[])("%s: church name in, no placeholder left, link in both parts", (kind) => {
    const email = emails[kind];
    expect(email.subject).toContain("Iglesia Esperanza Viva");
    for (const part of [email.subject, email.text, email.html]) expect(part).not.toContain("{{");
    expect(email.text.split("\n")).toContain(url);
    expect(email.html).toContain(`href="${url.replace("&", "&amp;")}"`);
    expect(email.html).toContain(`lang="${language}"`);
    expect(email.text).toContain("15");
  });

  test("the confirm email greets the member by name", () => {
    expect(emails.confirm.text).toContain("María José");
    expect(emails.confirm.html).toContain("María José");
  });

  test("the SMS code text is short and has the code and church", () => {
    const text = smsCodeText({ language, churchName: "Iglesia Esperanza Viva", code: "482913" });
    expect(text.startsWith("482913 ")).toBe(true);
    expect(text).toContain("Iglesia Esperanza Viva");
    expect(text).not.toContain("{{");
    expect(text.length).toBeLessThanOrEqual(160);
  });
});

describe("English and Spanish differ", () => {
  test("subjects, bodies and texts are translated", () => {
    const confirm = (language: "en" | "es") => confirmSignupEmail({ language, ...common, name: "Ana", url });
    const magic = (language: "en" | "es") => magicLinkEmail({ language, ...common, url });
    expect(confirm("es").subject).toBe("Confirme su cuenta en Iglesia Esperanza Viva");
    expect(confirm("en").subject).toBe("Confirm your account at Iglesia Esperanza Viva");
    expect(magic("es").subject).toBe("Su enlace de acceso a Iglesia Esperanza Viva");
    expect(magic("en").subject).toBe("Your sign-in link for Iglesia Esperanza Viva");
    expect(confirm("es").text).toContain("Si no solicitó esto, puede ignorar este correo.");
    expect(confirm("en").text).toContain("If you didn't ask for this, you can ignore this email.");
    expect(magic("es").html).toContain("Este enlace vence en 15 minutos.");
    expect(smsCodeText({ language: "es", churchName: "X", code: "1" })).toBe("1 es su código de acceso de X. Vence en 10 minutos.");
  });

  test("a name that looks like a link, an address or a message is left out of the greeting", () => {
    expect(greetableName("  Ana María Reyes-O'Neil Jr. ")).toBe("Ana María Reyes-O'Neil Jr.");
    for (const name of ["Visit www.prizes.test now", "http://evil.test", "evil.test/win", "a@b.test", "x".repeat(61)]) {
      expect(greetableName(name)).toBe("");
      expect(confirmSignupEmail({ language: "en", ...common, name, url }).text).not.toContain(name);
    }
  });

  test("without a name the greeting stays whole", () => {
    expect(confirmSignupEmail({ language: "es", ...common, name: " ", url }).text).toContain("Hola:");
    expect(confirmSignupEmail({ language: "en", ...common, name: "", url }).text).toContain("Hi,");
  });
});
