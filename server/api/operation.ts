import { OpenAPIHono, type RouteConfig, type z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { violationsFromZod } from "../../core/shared/violations.ts";
import { apiError } from "./responses.ts";
import { errorSchema, JSON_LD_MEDIA_TYPE } from "./schemas.ts";

/**
 * One definition per operation (docs/decisions/027-api-described-by-its-schemas.md): `operation(app, route,
 * handler)` registers the route with its zod description in the API's OpenAPI registry and serves it, the
 * handler receiving the path and query parameters parsed by the same schemas. A request body is described
 * in the route but parsed by the core function the pages' forms share (so a page and the API answer the
 * same violations), and the request guard answers the 413, 415 and 429 of every write before any handler.
 */

type Schema = z.ZodType;
type OutputOf<S> = S extends Schema ? z.output<S> : Record<string, never>;
type RequestOf<R extends RouteConfig> = NonNullable<R["request"]>;

export type OperationInput<R extends RouteConfig, Q extends Schema | undefined> = {
  params: OutputOf<RequestOf<R>["params"]>;
  query: Q extends Schema ? z.output<Q> : OutputOf<RequestOf<R>["query"]>;
};

export type OperationOptions<Q extends Schema | undefined> = {
  /**
   * For a deprecated operation (`deprecated: true` in its route): the day it stops answering. Every answer
   * then carries `Deprecation` (RFC 9745), `Sunset` (RFC 8594) and, with `successor`, a Link to it.
   */
  sunset?: Sunset;
  /**
   * Parses the query where its documented parameters are only a description of a richer parser (the used
   * listing's, in core/inventory/used-query.ts): this schema's issues answer 400 like the documented ones'.
   */
  parseQuery?: Q;
};

/** The API's own Hono: a failed parameter parse answers 400 with the parameters at fault as violations. */
export function apiRouter(): OpenAPIHono {
  return new OpenAPIHono({
    defaultHook: (result, c) => {
      if (!result.success) return apiError(c, 400, "Invalid query parameters", violationsFromZod(result.error));
    },
  });
}

export function operation<R extends RouteConfig, Q extends Schema | undefined = undefined>(
  app: OpenAPIHono,
  route: R,
  handler: (c: Context, input: OperationInput<R, Q>) => Response | Promise<Response>,
  options: OperationOptions<Q> = {},
): void {
  const request = route.request ?? {};
  const query = options.parseQuery ?? request.query;
  const sunset = route.deprecated ? options.sunset : undefined;
  // Around the parameter validation too, so that a deprecated operation's 400 also says so.
  const announceSunset: MiddlewareHandler = async (c, next) => {
    await next();
    if (sunset) for (const [name, value] of Object.entries(sunsetHeaders(sunset))) c.res.headers.set(name, value);
  };
  const served = {
    ...route,
    hide: true,
    middleware: sunset ? [announceSunset] : [],
    request: { params: request.params, query },
  } as RouteConfig;
  app.openapi(served, (c: Context) => {
    const input = {
      params: request.params ? c.req.valid("param" as never) : {},
      query: query ? c.req.valid("query" as never) : {},
    } as OperationInput<R, Q>;
    return handler(c, input) as never;
  });
  const responses = route.method === "get" ? { ...route.responses, ...NOT_MODIFIED } : route.responses;
  app.openAPIRegistry.registerPath({ ...route, responses: sunset ? withSunsetHeaders(responses, sunset) : responses });
}

export type Sunset = { deprecatedOn: Date; date: Date; successor?: string };

function sunsetHeaders({ deprecatedOn, date, successor }: Sunset): Record<string, string> {
  return {
    Deprecation: `@${Math.floor(deprecatedOn.getTime() / 1000)}`,
    Sunset: date.toUTCString(),
    ...(successor ? { Link: `<${successor}>; rel="successor-version"` } : {}),
  };
}

/** A deprecated operation documents its Deprecation and Sunset headers on every answer. */
function withSunsetHeaders(responses: RouteConfig["responses"], sunset: Sunset): RouteConfig["responses"] {
  const headers = {
    Deprecation: {
      description: `Deprecated since ${sunset.deprecatedOn.toUTCString()} (RFC 9745)`,
      required: true,
      schema: { type: "string" as const },
    },
    Sunset: {
      description: `It stops answering on ${sunset.date.toUTCString()} (RFC 8594)`,
      required: true,
      schema: { type: "string" as const },
    },
  };
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [
      status,
      { ...response, headers: { ...(response as { headers?: object }).headers, ...headers } },
    ]),
  ) as RouteConfig["responses"];
}

/** Every GET answers with an ETag; a client that sends it back in If-None-Match gets 304 while it still holds. */
const NOT_MODIFIED: RouteConfig["responses"] = {
  304: { description: "Not modified: the answer is still the one whose ETag was sent in If-None-Match" },
};

/** An answer is JSON-LD unless it names its `mediaType` (the staff API's plain JSON). */
type Answer = {
  description: string;
  schema?: Schema;
  mediaType?: string;
  headers?: Record<string, { description: string; required?: boolean }>;
};

const errorAnswer = (description: string, headers?: Answer["headers"]): Answer => ({
  description,
  schema: errorSchema,
  headers,
});

/** The answers any operation may give besides its own. */
const COMMON_ANSWERS = {
  400: errorAnswer(
    "An address with a malformed % escape or NUL, or query parameters that are not valid (violations name them)",
  ),
  503: errorAnswer(
    "The database is unavailable for a moment, or (a write) too many writes are waiting for it: try again after Retry-After",
    { "Retry-After": { description: "Seconds to wait", required: true } },
  ),
} as const;

/** The answers every write may give from the request guard (server/middleware/request-guard.ts) and the validator. */
export const WRITE_ANSWERS = {
  400: errorAnswer("The body is not valid JSON, or the address is malformed"),
  403: errorAnswer("A browser sent the request from another site"),
  413: errorAnswer("The body is larger than the limit (64 KB)"),
  415: errorAnswer("The body is not application/json or application/ld+json"),
  422: errorAnswer(
    "The body is valid JSON but some fields are not valid: the violations name each field with its message",
  ),
  429: errorAnswer("Too many writes from this client", {
    "Retry-After": { description: "Seconds to wait", required: true },
  }),
} as const;

export const notFoundAnswer = (what: string): Answer => errorAnswer(`No such ${what}`);

/** The answers of an operation that needs a credential (with `security: [{ feedKey: [] }]` or a staff session). */
export const AUTH_ANSWERS = {
  401: errorAnswer("No valid credential: a staff session, or `Authorization: Bearer <feed key>`", {
    "WWW-Authenticate": { description: "The credential expected (Bearer, realm staff)", required: true },
  }),
  403: errorAnswer("The credential does not allow this (another dealer's stock, or a role without the right)"),
} as const;

/** A resource that existed and is gone for good (a sold vehicle). */
export const goneAnswer = (description: string): Answer => errorAnswer(description);

/** A write that conflicts with what is stored (a stale version, a duplicate). */
export const conflictAnswer = (description: string): Answer => errorAnswer(description);

/** The responses object of a route from its answers: each JSON-LD, with its headers. */
export function answers(byStatus: Record<number, Answer>): RouteConfig["responses"] {
  const responses: RouteConfig["responses"] = {};
  for (const [status, answer] of Object.entries({ ...COMMON_ANSWERS, ...byStatus })) {
    responses[status] = {
      description: answer.description,
      ...(answer.headers
        ? {
            headers: Object.fromEntries(
              Object.entries(answer.headers).map(([name, header]) => [
                name,
                { description: header.description, required: header.required ?? false, schema: { type: "string" } },
              ]),
            ),
          }
        : {}),
      ...(answer.schema ? { content: { [answer.mediaType ?? JSON_LD_MEDIA_TYPE]: { schema: answer.schema } } } : {}),
    };
  }
  return responses;
}

/** A JSON body, sent as application/ld+json or application/json (the request guard refuses any other type). */
export const jsonLdBody = (schema: Schema, description: string, example: Record<string, unknown>) => ({
  required: true,
  description,
  content: { [JSON_LD_MEDIA_TYPE]: { schema, example }, "application/json": { schema, example } },
});
