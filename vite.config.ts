import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import type { ChunkingContext } from "rolldown";
import { VitePWA } from "vite-plugin-pwa";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const appDir = fileURLToPath(new URL("./app/", import.meta.url));
const clientRoute = "?__react-router-build-client-route";
const framework = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;

/**
 * Client chunking (issue 10, first-load bytes). Left alone, rolldown gives every module shared
 * by two route modules its own chunk: a public page loaded ~45 files, most of them a lucide
 * icon or a small component of a few hundred bytes, each compressed on its own. Two groups:
 * - `framework`: React, React DOM, the scheduler and React Router, which every page needs.
 * - `shell`: the app code every page of the site layout needs anyway, i.e. the static import
 *   closure of the entry, the root route and routes/site/layout.tsx (header, menus, footer,
 *   overlays' buttons, i18n runtime, their icons). Admin pages use the root route, not this
 *   layout; they load the shell only for the few modules they share with it.
 * Everything else keeps rolldown's automatic splitting, so route code and lazily imported
 * chunks (dialogs, chat panel, tour, string tables) stay where they were.
 */
const clientChunks = {
  groups: [
    { name: "framework", test: framework, priority: 2 },
    {
      name: (id: string, ctx: ChunkingContext) => (shellClosure(ctx).has(id) && !framework.test(id) ? "shell" : null),
      priority: 1,
    },
  ],
};

/**
 * String tables are named for their language and namespace (`locale-es-pwa-<hash>.js`, the main
 * one `locale-es-<hash>.js`) rather than for their file (`pwa-<hash>.js`, `es-<hash>.js`), so a
 * page's network requests and the chunk reports say which is which. Other chunks keep Vite's naming.
 */
function chunkFileName(chunk: { facadeModuleId: string | null }): string {
  const table = chunk.facadeModuleId?.match(/[\\/]app[\\/]i18n[\\/]locales[\\/](en|es)(?:\.ts|[\\/]([\w-]+)\.ts)$/);
  return table ? `assets/locale-${table[1]}${table[2] ? `-${table[2]}` : ""}-[hash].js` : "assets/[name]-[hash].js";
}

const lucideBarrel = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

/** Exported name → icon module id, from the lines `export { default as X, … } from './icons/x.mjs'`. */
function lucideIcons(code: string, barrelId: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const [, names = "", file = ""] of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*['"](\.\/icons\/[^'"]+)['"]/g)) {
    const id = fileURLToPath(new URL(file, `file://${barrelId}`));
    for (const [, name = ""] of names.matchAll(/default as (\w+)/g)) map.set(name, id);
  }
  return map;
}

/** The names a module imports from `source` (`import { A, B as C } from "source"`). */
function importedNames(code: string, source: string): string[] {
  const names: string[] = [];
  for (const [, list = ""] of code.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${source}["']`, "g"))) {
    for (const part of list.split(",")) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
  }
  return names;
}

/** The static import closure of `roots` (icons: only those named, see lucideIcons). */
function staticClosure(ctx: ChunkingContext, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = roots.filter((id) => ctx.getModuleInfo(id));
  if (queue.length !== roots.length) throw new Error(`vite.config.ts: modules not found: ${roots.join(", ")}`);
  let icons: Map<string, string> | undefined;
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    for (const next of info?.importedIds ?? []) {
      if (!lucideBarrel.test(next)) queue.push(next);
      else {
        // The barrel re-exports every icon: follow only the icons this module names.
        icons ??= lucideIcons(ctx.getModuleInfo(next)?.code ?? "", next);
        for (const name of importedNames(info?.code ?? "", "lucide-react")) {
          const icon = icons.get(name);
          if (icon) queue.push(icon);
        }
      }
    }
  }
  return seen;
}

const shellModules = new WeakMap<ChunkingContext, Set<string>>();
/**
 * The shell: the closure of the entry, root and site layout, plus the modules the home page
 * shares with other pages (small components and icons that would otherwise be a file each on
 * `/`, the page with the tightest budget). The home page's own modules stay in its chunk.
 */
function shellClosure(ctx: ChunkingContext): Set<string> {
  const known = shellModules.get(ctx);
  if (known) return known;
  const routes = [`${appDir}root.tsx${clientRoute}`, `${appDir}routes/site/layout.tsx${clientRoute}`];
  const home = `${appDir}routes/site/home.tsx${clientRoute}`;
  const shell = staticClosure(ctx, [`${appDir}entry.client.tsx`, ...routes]);
  const homeClosure = staticClosure(ctx, [home]);
  for (const id of homeClosure) {
    if (shell.has(id) || id === home) continue;
    const importers = ctx.getModuleInfo(id)?.importers ?? [];
    const icon = importers.some((importer) => lucideBarrel.test(importer));
    if (icon || importers.some((importer) => !homeClosure.has(importer))) shell.add(id);
  }
  // The route modules and the client entry stay chunks of their own: the entry hydrates when it
  // runs, which must be after the router's inline script has set the manifest and route modules
  // (in a shared chunk it would run as soon as a route module imported that chunk).
  for (const route of routes) shell.delete(route);
  shell.delete(`${appDir}entry.client.tsx`);
  shellModules.set(ctx, shell);
  return shell;
}

/**
 * build/client/.vite/chunk-modules.json: for every emitted JavaScript chunk, its source modules
 * (path relative to the project, rendered bytes). The Vite manifest names only the entry module
 * of a chunk; bench/chunk-graph.mjs needs every module to tell admin code from public code.
 */
function chunkModulesReport(): Plugin {
  const root = fileURLToPath(new URL("./", import.meta.url));
  return {
    name: "chunk-modules-report",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks: Record<string, { module: string; bytes: number }[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunks[output.fileName] = Object.entries(output.modules)
          .filter(([, m]) => m.renderedLength > 0)
          .map(([id, m]) => ({
            module: (id.startsWith(root) ? id.slice(root.length) : id).replace(/\?.*$/, "").replace(/^\0/, ""),
            bytes: m.renderedLength,
          }));
      }
      this.emitFile({ type: "asset", fileName: ".vite/chunk-modules.json", source: JSON.stringify(chunks, null, 1) });
    },
  };
}

const lucideIconModule = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/;

/**
 * Every lucide icon module imports `../createLucideIcon.mjs`; this resolves that import to
 * app/components/ui/create-lucide-icon.ts, a few hundred bytes instead of lucide's ~7 KB
 * runtime on every page (ADR 024). Both builds, so server and browser render the same <svg>.
 * Fails the build if lucide-react's layout changes and no icon goes through it.
 */
function smallLucideRuntime(): Plugin {
  const replacement = fileURLToPath(new URL("./app/components/ui/create-lucide-icon.ts", import.meta.url));
  let redirected = 0;
  return {
    name: "small-lucide-runtime",
    // The development server pre-bundles lucide-react for the browser and loads it from
    // node_modules on the server: lucide's own runtime on both sides there.
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== "../createLucideIcon.mjs" || !importer || !lucideIconModule.test(importer)) return null;
      redirected++;
      return replacement;
    },
    buildEnd(error) {
      if (!error && redirected === 0) {
        this.error("small-lucide-runtime: no lucide icon imported ../createLucideIcon.mjs (lucide-react's layout changed?)");
      }
    },
  };
}

/**
 * Packages compiled into the server build instead of loaded from node_modules at start-up
 * (issue 10, goal 6). Each of them is hundreds of small ES modules (date-fns 300, kysely 260,
 * stripe 220, drizzle-orm, zod, better-auth …), or in lucide-react's case a 1.3 MB CommonJS
 * file, and Node's module loader spent about a second resolving, reading and compiling them
 * before the first request; bundled, only what the server uses is left, in a few files.
 * Build only: the development server keeps loading them from node_modules.
 */
const serverBundled = [
  /^lucide-react(\/|$)/,
  /^date-fns(-tz)?(\/|$)/,
  /^kysely(\/|$)/,
  /^stripe(\/|$)/,
  /^drizzle-orm(\/|$)/,
  /^better-auth(\/|$)/,
  /^@better-auth\//,
  /^better-call(\/|$)/,
  /^zod(\/|$)/,
  /^jose(\/|$)/,
  /^@noble\//,
  // CommonJS, about 130 files from 70 packages (body-parser, router, negotiator, qs …): the
  // packages themselves and everything they depend on, or they would still load one by one.
  ...dependencyClosure(["express", "compression"]),
];

/** The packages `roots` need at run time (their `dependencies`, recursively), as exact names. */
function dependencyClosure(roots: string[]): string[] {
  const found = new Set<string>();
  const visit = (name: string) => {
    if (found.has(name)) return;
    found.add(name);
    const manifest = JSON.parse(readFileSync(fileURLToPath(new URL(`./node_modules/${name}/package.json`, import.meta.url)), "utf8")) as {
      dependencies?: Record<string, string>;
    };
    for (const dependency of Object.keys(manifest.dependencies ?? {})) visit(dependency);
  };
  for (const root of roots) visit(root);
  return [...found];
}

/**
 * Limits plugins to the client build. React Router 8 builds with Vite's environment API: one
 * config for every environment (the config function no longer learns `isSsrBuild`), each
 * plugin applied to every environment unless it says otherwise.
 */
function clientOnly(plugins: Plugin | Plugin[]): Plugin[] {
  return [plugins].flat().map((plugin) => ({ ...plugin, applyToEnvironment: (environment) => environment.name === "client" }));
}

export default defineConfig(({ command }) => ({
  resolve: {
    // React Router 8's package exports give a build its production files (the `default`
    // condition) and Vite's development server its development files: no alias needed (React
    // Router 7 named only its development build, and the client build was pointed at dist/production).
    alias: [{ find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) }],
  },
  build: {
    // build/client/.vite/manifest.json (the chunk graph): read by bench/chunk-graph.mjs. Top
    // level, not the client environment's: React Router removes the Vite manifests after the
    // build unless `build.manifest` is set here.
    manifest: true,
  },
  environments: {
    client: {
      build: { rolldownOptions: { output: { codeSplitting: clientChunks, chunkFileNames: chunkFileName } } },
    },
    ssr: {
      // The server bundle's entry is our Express app, so start-up code (env, migrations,
      // seed, shutdown) is compiled TypeScript like the rest of the app.
      build: { rollupOptions: { input: "./server/app.ts" } },
    },
  },
  ssr: {
    // PGlite loads its WASM and data files relative to its own module file.
    external: ["@electric-sql/pglite", "pg", "pino"],
    // Development: React Router's Express and Node adapters go through Vite like the app, so their
    // `react-router` is the one the app gets (the development build, by the React Router plugin's
    // `development` condition). Loaded by Node itself they would get the production build, and
    // the app's RouterContextProvider would not be theirs (`getLoadContext` refused).
    noExternal: command === "build" ? serverBundled : ["@react-router/express", "@react-router/node"],
  },
  plugins: [
    smallLucideRuntime(),
    tailwindcss(),
    reactRouter(),
    clientOnly(chunkModulesReport()),
    // The service worker (app/sw.ts → build/client/sw.js), client build only. The manifest is
    // a route (/manifest.webmanifest, both languages) and the page registers the worker itself.
    clientOnly(
      VitePWA({
        strategies: "injectManifest",
        srcDir: "app",
        filename: "sw.ts",
        // The plugin reads the top-level build.outDir, not the client environment's.
        outDir: "build/client",
        manifest: false,
        injectRegister: false,
        devOptions: { enabled: false },
        // Only the stylesheet and icons from the build; the worker adds the home page's own
        // scripts at install (never the whole admin).
        injectManifest: { globPatterns: ["assets/app-*.css", "icons/icon-192.png", "favicon.svg"] },
      }),
    ),
  ],
}));
