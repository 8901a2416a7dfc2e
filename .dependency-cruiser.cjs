// The layers of app/ (ADR 034), bottom to top:
//   db, i18n, lib  →  server  →  platform  →  features/<domain>  →  components, seed  →  routes, root
// A module imports its own layer or a lower one, never a higher one, and nothing imports in a
// cycle. `npm run deps:check` (in `npm run validate` and CI) fails on any violation (the known
// violations that predated the rule were paid off on 2026-12-03; there is no baseline).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      severity: "error",
      comment: "Modules import each other in a cycle: move what both need below them.",
      from: {},
      to: { circular: true },
    },
    {
      name: "foundation-imports-nothing-above",
      severity: "error",
      comment: "db, i18n and lib are the foundation: they import only each other.",
      from: { path: "^app/(db|i18n|lib)/" },
      to: { path: "^app/(server|platform|features|components|routes|seed)/|^app/(root|routes|entry\\.[a-z]+|sw)\\.tsx?$" },
    },
    {
      name: "server-imports-no-domain",
      severity: "error",
      comment: "app/server is infrastructure: it knows no platform service, domain, component or route.",
      from: { path: "^app/server/" },
      to: { path: "^app/(platform|features|components|routes|seed)/|^app/(root|routes)\\.tsx?$" },
    },
    {
      name: "platform-imports-no-domain",
      severity: "error",
      comment: "app/platform is what every domain uses: it imports no domain, component or route.",
      from: { path: "^app/platform/" },
      to: { path: "^app/(features|components|routes|seed)/|^app/(root|routes)\\.tsx?$" },
    },
    {
      name: "features-import-no-ui-or-routes",
      severity: "error",
      comment: "A domain's logic imports no component, route or the seed; components and routes import it.",
      from: { path: "^app/features/" },
      to: { path: "^app/(components|routes|seed)/|^app/(root|routes)\\.tsx?$" },
    },
    {
      name: "no-domain-imports-the-portal",
      severity: "error",
      comment:
        "features/admin is the portal's cross-domain pages (dashboard, inboxes, users, audit, health, settings): no domain imports it.",
      from: { path: "^app/features/(?!admin/)" },
      to: { path: "^app/features/admin/" },
    },
    {
      name: "components-import-no-routes",
      severity: "error",
      from: { path: "^app/components/" },
      to: { path: "^app/routes/|^app/(root|routes)\\.tsx?$" },
    },
  ],
  options: {
    includeOnly: "^app/",
    exclude: { path: "\\.test\\.tsx?$|/\\+types/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
      conditionNames: ["import", "require", "node", "default"],
    },
  },
};
