import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import {
  type HttpMethod,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
  operationsOf,
} from "../../server/api/described.ts";

/**
 * The API's contract: its own OpenAPI document (/api/docs.json). `check` says how an answer departs from
 * it: an undocumented status, a media type or required header missing, or a body its schema refuses. A
 * request no operation describes must get the API's own 404 (unknown path; a write may meet the request
 * guard's refusals first) or 405 (known path, other method, with Allow), as an Error. Used by every API integration test through tests/support/test-server.ts.
 */
export class ApiContract {
  private readonly validators = new Map<JsonSchema, ValidateFunction>();
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, unicodeRegExp: true });
  private readonly routes: {
    method: HttpMethod;
    pattern: RegExp;
    templated: number;
    path: string;
    operation: Operation;
  }[];

  constructor(readonly document: OpenApiDocument) {
    addFormats.default(this.ajv);
    this.ajv.addSchema({ $id: "api", components: document.components ?? {} });
    this.routes = operationsOf(document).map(({ method, path, operation }) => ({
      method,
      path,
      operation,
      pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`),
      templated: (path.match(/\{/g) ?? []).length,
    }));
  }

  static async fetchFrom(baseUrl: string): Promise<ApiContract> {
    const response = await fetch(`${baseUrl}/api/docs.json`);
    return new ApiContract((await response.json()) as OpenApiDocument);
  }

  /** The documented operation a request is answered by: the literal path before a templated one. */
  operationFor(method: string, pathname: string): { path: string; operation: Operation } | "no path" | "no method" {
    const matching = this.routes
      .filter((route) => route.pattern.test(pathname))
      .sort((a, b) => a.templated - b.templated);
    if (matching.length === 0) return "no path";
    const wanted = method.toLowerCase() === "head" ? "get" : method.toLowerCase();
    const route = matching.find((candidate) => candidate.method === wanted);
    return route ? { path: route.path, operation: route.operation } : "no method";
  }

  /** The ways an answer departs from the document; none when it is as documented. */
  check(method: string, url: string, answer: { status: number; headers: Headers; body: string }): string[] {
    const pathname = safePathname(url);
    const where = `${method} ${pathname} -> ${answer.status}`;
    const found = this.operationFor(method, pathname);
    if (found === "no path" || found === "no method") {
      // A write to an unknown path meets the request guard first (server/middleware/request-guard.ts).
      const guard =
        found === "no path" && ["POST", "PUT", "PATCH", "DELETE"].includes(method.toUpperCase())
          ? [403, 413, 415, 429]
          : [];
      // Any address under /api/staff meets staffApiAuth (server/middleware/staff-auth.ts) before any route: 401 or 403.
      const staffAuth = pathname.startsWith("/api/staff/") || pathname === "/api/staff" ? [401, 403] : [];
      const expected = found === "no path" ? [400, 404, ...guard, ...staffAuth] : [400, 405, ...staffAuth];
      const problems = expected.includes(answer.status)
        ? []
        : [`${where}: undocumented, so it must answer ${expected.join(" or ")}`];
      if (found === "no method" && answer.status === 405 && !answer.headers.get("allow"))
        problems.push(`${where}: 405 without Allow`);
      return [
        ...problems,
        ...this.bodyProblems(where, { $ref: "#/components/schemas/Error" }, "application/ld+json", answer, method),
      ];
    }
    const response = found.operation.responses[String(answer.status)];
    if (!response) {
      return [
        `${where}: status not documented for ${method.toUpperCase()} ${found.path} (documented: ${Object.keys(found.operation.responses).join(", ")})`,
      ];
    }
    const problems: string[] = [];
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      if (header.required && !answer.headers.get(name)) problems.push(`${where}: required header ${name} missing`);
    }
    const [mediaType, content] = Object.entries(response.content ?? {})[0] ?? [];
    if (mediaType) problems.push(...this.bodyProblems(where, content?.schema, mediaType, answer, method));
    return problems;
  }

  private bodyProblems(
    where: string,
    schema: JsonSchema | undefined,
    mediaType: string,
    answer: { headers: Headers; body: string },
    method: string,
  ): string[] {
    const contentType = answer.headers.get("content-type") ?? "";
    if (!contentType.startsWith(mediaType))
      return [`${where}: Content-Type ${contentType || "(none)"}, documented ${mediaType}`];
    if (method.toUpperCase() === "HEAD" || !schema || !mediaType.includes("json")) return [];
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return [`${where}: the body is not JSON`];
    }
    const validate = this.validatorOf(schema);
    if (validate(body)) return [];
    return (validate.errors ?? [])
      .slice(0, 5)
      .map((error) => `${where}: body${error.instancePath} ${error.message} (${JSON.stringify(error.params)})`);
  }

  private validatorOf(schema: JsonSchema): ValidateFunction {
    let validate = this.validators.get(schema);
    if (!validate) {
      validate = this.ajv.compile(withRefsInto("api", schema) as object);
      this.validators.set(schema, validate);
    }
    return validate;
  }

  /** The documented answers of an operation. */
  statusesOf(method: HttpMethod, path: string): number[] {
    return Object.keys(this.document.paths[path]?.[method]?.responses ?? {}).map(Number);
  }
}

function withRefsInto(id: string, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => withRefsInto(id, item));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === "$ref" && typeof inner === "string" && inner.startsWith("#/") ? `${id}${inner}` : withRefsInto(id, inner),
    ]),
  );
}

function safePathname(url: string): string {
  return new URL(url, "http://api.invalid").pathname;
}
