import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import en from "~/i18n/locales/en/admin/audit";
import es from "~/i18n/locales/es/admin/audit";
import { AUDIT_ACTIONS, SYSTEM_ACTORS } from "~/lib/audit-actions";
import { auditActionLabel, auditActorLabel } from "./admin-translation";

/**
 * The action codes built from templates, each with the values the code that fills it can take.
 * A new template (or a changed one) fails the source test below until it is listed here.
 */
const TEMPLATES: Record<string, string[]> = {
  // app/features/admin/signups/decide-application.server.ts (ZDecideApplication)
  "membership.application.${applicationStatus}": ["reviewing", "approved", "declined"].map((s) => `membership.application.${s}`),
  // app/features/content/admin/prayer-library.server.ts, app/features/assistant/faq-admin.server.ts
  "content.prayer_part.${verb}": ["create", "update", "activate", "deactivate", "delete"].map((v) => `content.prayer_part.${v}`),
  "content.faq.${verb}": ["create", "update", "activate", "deactivate", "delete"].map((v) => `content.faq.${v}`),
  // app/features/content/admin/save-content-item.server.ts: leaders and values only
  "content.${kind}.create": ["content.leader.create", "content.value.create"],
  "content.${options.kind}.delete": ["content.leader.delete", "content.value.delete"],
  // app/features/sermons/admin/*-sermon-taxonomy.server.ts: `sermon_${TaxonomyKind}`
  "${action}.create": ["sermon_series.create", "sermon_topic.create"],
  "${action}.update": ["sermon_series.update", "sermon_topic.update"],
  "${action}.delete": ["sermon_series.delete", "sermon_topic.delete"],
  // app/features/discussions/moderate-discussion.server.ts: lock and unlock
  "discussion.thread.${o.decision}": ["discussion.thread.lock", "discussion.thread.unlock"],
};

const CODE = String.raw`[a-z][a-z0-9_]*(?:\.[a-z0-9_-]+)+`;

/** The app's source files, tests and the locale strings left out. */
function sourceFiles(): { path: string; text: string }[] {
  const root = join(process.cwd(), "app");
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) && !path.startsWith(join("i18n", "locales")))
    .map((path) => ({ path, text: readFileSync(join(root, path), "utf8") }));
}

/** What the source records: the codes written as literals and the templates, where an audit action is given. */
function recordedInSource(): { literals: Set<string>; templates: Set<string> } {
  const literals = new Set<string>();
  const templates = new Set<string>();
  // `action: …` up to the end of its expression (an object, like an email's button, is no code),
  // `auditAction: "…"` / `imageAuditAction: "…"` of the content descriptors, `audit("…")` helpers.
  const sites = /(?:\baction|\b(?:image)?[aA]uditAction):\s*((?:`[^`]*`|[^,}\n])+)|\baudit\(\s*((?:`[^`]*`|[^,\n])+),/g;
  for (const { text } of sourceFiles()) {
    for (const match of text.matchAll(sites)) {
      const expression = (match[1] ?? match[2]!).trim();
      if (expression.startsWith("{")) continue;
      for (const [, code] of expression.matchAll(new RegExp(`"(${CODE})"`, "g"))) literals.add(code!);
      for (const [, template] of expression.matchAll(/`([^`]*\$\{[^`]*)`/g)) {
        // A template over a type (`content.${ContentKind}.update` in an interface) is no recording.
        if (template!.includes(".") && !/\$\{[A-Z]/.test(template!)) templates.add(template!);
      }
    }
  }
  return { literals, templates };
}

describe("audit action labels", () => {
  test("the list of codes has no duplicate", () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });

  test.each([
    ["en", en.actions],
    ["es", es.actions],
  ] as const)("every recorded action has a label in %s, and the table holds no other code", (_language, table) => {
    const labels: Record<string, string> = table;
    const missing = AUDIT_ACTIONS.filter((code) => !labels[code]?.trim() || labels[code] === code);
    expect(missing).toEqual([]);
    expect(Object.keys(labels).sort()).toEqual([...AUDIT_ACTIONS].sort());
  });

  test("the codes listed are exactly those the source records (literals and the expanded templates)", () => {
    const { literals, templates } = recordedInSource();
    const unknownTemplates = [...templates].filter((template) => !(template in TEMPLATES));
    expect(unknownTemplates, "a template not expanded in TEMPLATES").toEqual([]);
    const recorded = new Set([...literals, ...[...templates].flatMap((template) => TEMPLATES[template]!)]);
    const listed = new Set<string>(AUDIT_ACTIONS);
    expect([...recorded].filter((code) => !listed.has(code)).sort(), "recorded, not in app/lib/audit-actions.ts").toEqual([]);
    expect([...listed].filter((code) => !recorded.has(code)).sort(), "listed, recorded nowhere").toEqual([]);
  });

  test("the lookup reads the flat table in the page's language, an unknown (older) code as it is", () => {
    expect(auditActionLabel("en", "event.update")).toBe("Updated an event");
    expect(auditActionLabel("es", "event.update")).toBe("Actualizó un evento");
    expect(auditActionLabel("en", "settings.demo.remove")).toBe("Removed the demo church");
    expect(auditActionLabel("es", "settings.demo.remove")).toBe("Quitó la iglesia de demostración");
    const stored: string = "user.role.grant";
    expect(auditActionLabel("es", stored)).toBe("user.role.grant");
    // @ts-expect-error: a literal code that is not recorded is a type error
    auditActionLabel("en", "event.updated");
  });

  test("the stored system actors read as labels; an administrator's name as it is", () => {
    expect(auditActorLabel("en", SYSTEM_ACTORS.commandLine)).toBe("Command line (admin:create)");
    expect(auditActorLabel("es", "admin:create (command line)")).toBe("Línea de comandos (admin:create)");
    expect(auditActorLabel("en", "first-run setup (browser)")).toBe("First-run setup");
    expect(auditActorLabel("es", SYSTEM_ACTORS.firstRunSetup)).toBe("Configuración inicial");
    expect(auditActorLabel("es", "Ana López")).toBe("Ana López");
  });
});
