import { execFile, type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./app-process.ts";
import { type ProxyAnswer, type ProxyRequest, send } from "./caddy.ts";

const run = promisify(execFile);
const projectRoot = path.resolve(import.meta.dirname, "../..");
export const NGINX_CONFIG_PATH = path.join(projectRoot, "deploy/nginx.conf");

export type Nginx = {
  /** An HTTPS request to the site (the test's self-signed certificate is trusted), from `localAddress` when given. */
  request(options: ProxyRequest): Promise<ProxyAnswer>;
  /** A plain HTTP request to nginx's HTTP port. */
  plainRequest(path: string): Promise<ProxyAnswer>;
  stop(): Promise<void>;
};

/**
 * deploy/nginx.conf as it is, inside a minimal main configuration of the test's own: its listen ports moved to
 * free loopback ones, its upstream servers replaced by `upstreams`, a throwaway self-signed certificate where
 * it names Let's Encrypt's. Everything else (locations, limits, headers, retries) is the file's.
 */
async function siteConfigForTest(
  dir: string,
  { upstreams, httpPort, httpsPort }: { upstreams: string[]; httpPort: number; httpsPort: number },
): Promise<{ site: string; cert: string; key: string }> {
  const [cert, key] = [path.join(dir, "cert.pem"), path.join(dir, "key.pem")];
  await run("openssl", [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "1",
    "-subj",
    "/CN=localhost",
    "-addext",
    "subjectAltName=DNS:localhost",
    "-keyout",
    key,
    "-out",
    cert,
  ]);
  let servers = 0;
  const site = (await fs.readFile(NGINX_CONFIG_PATH, "utf8"))
    .replace(/\/etc\/letsencrypt\/live\/[^;]*\/fullchain\.pem/, cert)
    .replace(/\/etc\/letsencrypt\/live\/[^;]*\/privkey\.pem/, key)
    .replace(/^\s*listen \[::\]:\d+[^;]*;\n/gm, "")
    .replace(/listen 80;/, `listen 127.0.0.1:${httpPort};`)
    .replace(/listen 443 ssl/, `listen 127.0.0.1:${httpsPort} ssl`)
    .replace(/^(\s*)server 127\.0\.0\.1:\d+ (.*);$/gm, (_line, indent: string, options: string) =>
      servers++ === 0 ? upstreams.map((upstream) => `${indent}server ${upstream} ${options};`).join("\n") : "",
    );
  return { site, cert, key };
}

/** A main nginx.conf for a run by a test: everything under `dir`, in the foreground. */
function mainConfig(dir: string, siteFile: string): string {
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((name) => `  ${name}_temp_path ${dir}/${name}_temp;`)
    .join("\n");
  return `daemon off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents {}\nhttp {\n  access_log off;\n${temp}\n  include ${siteFile};\n}\n`;
}

/** Checks the file with `nginx -t` in the test's setup; answers nginx's report (stderr). */
export async function checkNginxConfig(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "honda-nginx-"));
  try {
    const { site } = await siteConfigForTest(dir, {
      upstreams: ["127.0.0.1:3001", "127.0.0.1:3002"],
      httpPort: 8080,
      httpsPort: 8443,
    });
    await fs.writeFile(path.join(dir, "site.conf"), site);
    await fs.writeFile(path.join(dir, "nginx.conf"), mainConfig(dir, path.join(dir, "site.conf")));
    const { stderr } = await run("nginx", ["-t", "-p", dir, "-c", path.join(dir, "nginx.conf")]);
    return stderr;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Debian's nginx running deploy/nginx.conf on free loopback ports in front of `upstreams`, until stop(). */
export async function startNginx(upstreams: string[]): Promise<Nginx> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "honda-nginx-"));
  // nginx's workers (user nobody when started as root) write large request bodies to the temp paths.
  await fs.chmod(dir, 0o755);
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const { site, cert } = await siteConfigForTest(dir, { upstreams, httpPort, httpsPort });
  await fs.writeFile(path.join(dir, "site.conf"), site);
  await fs.writeFile(path.join(dir, "nginx.conf"), mainConfig(dir, path.join(dir, "site.conf")));
  for (const name of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"])
    await fs.mkdir(path.join(dir, `${name}_temp`), { mode: 0o777 });
  for (const name of ["client_body", "proxy"]) await fs.chmod(path.join(dir, `${name}_temp`), 0o777);

  let output = "";
  const child: ChildProcess = spawn("nginx", ["-p", dir, "-c", path.join(dir, "nginx.conf")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const ca = await fs.readFile(cert);
  const request = (options: ProxyRequest) =>
    send(https, { host: "127.0.0.1", port: httpsPort, servername: "localhost", ca, ...options });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${output}`);
    if (
      await request({ path: "/readyz" }).then(
        (answer) => answer.status === 200,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(
        `nginx did not serve the site within 30 s:\n${output}\n${await fs.readFile(path.join(dir, "error.log"), "utf8").catch(() => "")}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    request,
    plainRequest: (requestPath) => send(http, { host: "127.0.0.1", port: httpPort, path: requestPath }),
    async stop() {
      if (child.exitCode === null) child.kill("SIGQUIT");
      await exited;
      process.off("exit", killOnExit);
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
