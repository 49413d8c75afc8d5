import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import https from "node:https";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { freePort } from "./app-process.ts";

const projectRoot = path.resolve(import.meta.dirname, "../..");

export type ProxyAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };
export type ProxyRequest = {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  localAddress?: string;
};

export type Caddy = {
  httpsPort: number;
  httpPort: number;
  /** An HTTPS request to the site, verified against Caddy's own CA, from `localAddress` when given (127.x.y.z). */
  request(options: ProxyRequest): Promise<ProxyAnswer>;
  /** A plain HTTP request to Caddy's HTTP port. */
  plainRequest(path: string): Promise<ProxyAnswer>;
  output(): string;
  stop(): Promise<void>;
};

/**
 * Debian's caddy running deploy/Caddyfile itself, on free loopback ports, with `local_certs` (tls internal:
 * Caddy's own CA, whose root the client trusts) in front of the given upstreams; on the given ports when the
 * instances must know the public address (SITE_URL) before Caddy starts.
 */
export async function startCaddy(upstreams: string[], ports?: { httpPort: number; httpsPort: number }): Promise<Caddy> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "honda-caddy-"));
  const { httpPort, httpsPort } = ports ?? { httpPort: await freePort(), httpsPort: await freePort() };
  let output = "";
  const child: ChildProcess = spawn(
    "caddy",
    ["run", "--config", path.join(projectRoot, "deploy/Caddyfile"), "--adapter", "caddyfile"],
    {
      env: {
        ...process.env,
        HOME: dir,
        XDG_DATA_HOME: path.join(dir, "data"),
        XDG_CONFIG_HOME: path.join(dir, "config"),
        SITE_ADDRESS: "localhost",
        HTTP_PORT: String(httpPort),
        HTTPS_PORT: String(httpsPort),
        CADDY_ADMIN: "off",
        CADDY_GLOBAL_OPTIONS: "local_certs\n\tskip_install_trust",
        UPSTREAMS: upstreams.join(" "),
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const rootPath = path.join(dir, "data/caddy/pki/authorities/local/root.crt");
  let ca: Buffer | undefined;
  const request = (options: ProxyRequest) =>
    send(https, { host: "127.0.0.1", port: httpsPort, servername: "localhost", ca, ...options });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`caddy exited:\n${output}`);
    ca ??= await fs.readFile(rootPath).catch(() => undefined);
    const ready =
      ca &&
      (await request({ path: "/readyz" }).then(
        (a) => a.status === 200,
        () => false,
      ));
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`caddy did not serve the site within 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    httpPort,
    httpsPort,
    request,
    plainRequest: (requestPath) => send(http, { host: "127.0.0.1", port: httpPort, path: requestPath }),
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      process.off("exit", killOnExit);
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/** One request on a connection of its own (so that `localAddress` is the client's address for it). */
export function send(
  transport: typeof http | typeof https,
  options: ProxyRequest & { host: string; port: number; servername?: string; ca?: Buffer },
): Promise<ProxyAnswer> {
  const { body, headers = {}, ...rest } = options;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      {
        ...rest,
        agent: false,
        timeout: 30_000,
        headers: {
          Host: "localhost",
          ...(body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(body)) }),
          ...headers,
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", reject);
    request.end(body);
  });
}
