import type { Plugin } from "vite";

/**
 * Modules that must never reach a browser: the database (db/, its drivers, Drizzle), the demo catalogue (seed/), the
 * web server (server/) and the packages only it runs. React Router already refuses `*.server.ts` modules in the
 * browser build.
 */
const SERVER_ONLY = [
  /[\\/](db|seed|server)[\\/]/,
  /[\\/]node_modules[\\/](drizzle-orm|pg|pg-[a-z-]+|@electric-sql|pino|nodemailer|sharp|@node-rs|hono|@hono|prom-client)[\\/]/,
];

/** Fails the browser build, naming each import that crosses, when a script would carry server-only code. */
export function serverCodeStaysOnTheServer(): Plugin {
  return {
    name: "server-code-stays-on-the-server",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      // What the browser's scripts carry: modules with code left after tree-shaking.
      const shipped = Object.values(bundle).flatMap((output) =>
        output.type === "chunk"
          ? Object.entries(output.modules)
              .filter(([, module]) => module.renderedLength > 0)
              .map(([id]) => id)
          : [],
      );
      const leaks = shipped.filter((id) => SERVER_ONLY.some((pattern) => pattern.test(id)));
      if (leaks.length === 0) return;
      // Each place where code the browser may run imports a server-only module, with the route that leads there.
      const isServerOnly = (id: string) => SERVER_ONLY.some((pattern) => pattern.test(id));
      const crossings = new Set<string>();
      const root = process.cwd();
      for (const leak of leaks) {
        for (const importer of this.getModuleInfo(leak)?.importers ?? []) {
          if (!isServerOnly(importer))
            crossings.add(`${importer.replace(root, ".")} imports ${leak.replace(root, ".")}`);
        }
      }
      this.error(`server-only code would reach the browser:\n  ${[...crossings].join("\n  ")}`);
    },
  };
}
