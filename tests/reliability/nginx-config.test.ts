import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const projectRoot = path.resolve(import.meta.dirname, "../..");

/**
 * deploy/nginx.conf is checked with `nginx -t` (Debian's nginx, installed by .ci/run), inside a minimal main
 * configuration of the test's own, with a throwaway self-signed certificate where the file names Let's
 * Encrypt's. Caddy, the recommended proxy, is run for real in proxy.test.ts.
 */
describe("the nginx configuration template", () => {
  it("passes nginx -t", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "honda-nginx-"));
    try {
      const [cert, key] = [path.join(dir, "cert.pem"), path.join(dir, "key.pem")];
      await run("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost", "-keyout", key, "-out", cert]);
      const site = (await fs.readFile(path.join(projectRoot, "deploy/nginx.conf"), "utf8"))
        .replace(/\/etc\/letsencrypt\/live\/[^;]*\/fullchain\.pem/, cert)
        .replace(/\/etc\/letsencrypt\/live\/[^;]*\/privkey\.pem/, key);
      await fs.writeFile(path.join(dir, "site.conf"), site);
      await fs.writeFile(
        path.join(dir, "nginx.conf"),
        `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  access_log off;\n  include ${dir}/site.conf;\n}\n`,
      );
      const { stderr } = await run("nginx", ["-t", "-p", dir, "-c", path.join(dir, "nginx.conf")]);
      expect(stderr).toContain("syntax is ok");
      expect(stderr).toContain("test is successful");
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
