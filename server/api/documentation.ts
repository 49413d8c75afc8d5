import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { answers, apiRouter, notFoundAnswer, operation } from "./operation.ts";
import { jsonLd, notFound } from "./responses.ts";
import { renderReferencePage } from "./reference-page.ts";
import {
  API_VERSION,
  apiEntrypoint,
  contextFor,
  contextTypes,
  hydraDocumentation,
  type OpenApiDocument,
  toPublishedDocument,
} from "./described.ts";

const anyJson = z.record(z.string(), z.unknown());
const tags = ["Documentation"];

const getEntrypointRoute = createRoute({
  method: "get",
  operationId: "getEntrypoint",
  path: "/",
  tags,
  summary: "The entrypoint: a link to every collection",
  responses: answers({ 200: { description: "The entrypoint", schema: anyJson.openapi("Entrypoint") } }),
});

const getOpenApiDocumentRoute = createRoute({
  method: "get",
  operationId: "getOpenApiDocument",
  path: "/docs.json",
  tags,
  summary: "This OpenAPI 3.1 document",
  responses: { 200: { description: "The OpenAPI document", content: { "application/json": { schema: anyJson } } } },
});

const getHydraDocumentationRoute = createRoute({
  method: "get",
  operationId: "getHydraDocumentation",
  path: "/docs.jsonld",
  tags,
  summary: "The Hydra ApiDocumentation",
  responses: answers({ 200: { description: "The Hydra documentation", schema: anyJson } }),
});

const getApiReferenceRoute = createRoute({
  method: "get",
  operationId: "getApiReference",
  path: "/docs",
  tags,
  summary: "The readable reference of this API (HTML)",
  responses: { 200: { description: "The reference page", content: { "text/html": { schema: z.string() } } } },
});

const getJsonLdContextRoute = createRoute({
  method: "get",
  operationId: "getJsonLdContext",
  path: "/contexts/{type}",
  tags,
  summary: "The JSON-LD context an answer's @context names",
  request: {
    params: z.object({ type: z.string().openapi({ param: { name: "type", in: "path" }, example: "Vehicle" }) }),
  },
  responses: answers({ 200: { description: "The context", schema: anyJson }, 404: notFoundAnswer("context") }),
});

/**
 * The API describing itself: the OpenAPI 3.1 document, the Hydra ApiDocumentation, the JSON-LD entrypoint
 * and contexts, and a readable reference page, all generated from the operations' definitions on `api`.
 */
export function documentationRoutes(
  api: OpenAPIHono,
  { siteUrl = "http://localhost:3000" }: { siteUrl?: string },
): OpenAPIHono {
  // The stock feed's credential (the back-office API): an operation that needs it says `security: [{ feedKey: [] }]`.
  api.openAPIRegistry.registerComponent("securitySchemes", "feedKey", {
    type: "http",
    scheme: "bearer",
    description:
      "A dealer's stock-feed key, sent as `Authorization: Bearer <key>`; the group's staff issue and revoke keys",
  });
  // The back office's session (server/middleware/staff-auth.ts): its cookie, and X-CSRF-Token on every write.
  api.openAPIRegistry.registerComponent("securitySchemes", "staffSession", {
    type: "apiKey",
    in: "cookie",
    name: "__Host-staff",
    description:
      "A signed-in staff member's session cookie (`staff` over plain HTTP); a write also sends the session's token (GET /api/staff/me) in X-CSRF-Token",
  });
  let document: OpenApiDocument | undefined;
  const described = () =>
    (document ??= toPublishedDocument(
      api.getOpenAPI31Document({
        openapi: "3.1.0",
        info: {
          title: "Honda Dealer Group API",
          version: API_VERSION,
          description:
            "The JSON-LD API of the group's website: dealers, used and demo stock, the new-vehicle range, deals, the blog, and the enquiry and finance leads. Prices are in South African rand (ZAR), VAT included; mileage in km. See docs/api.md for the versioning and deprecation rules.",
        },
      }) as OpenApiDocument,
    ));
  const vocabulary = `${new URL(siteUrl).origin}/api/docs.jsonld#`;

  const app = apiRouter();
  operation(app, getEntrypointRoute, (c) => jsonLd(c, apiEntrypoint(described())));
  operation(app, getOpenApiDocumentRoute, (c) => c.json(described()));
  operation(app, getHydraDocumentationRoute, (c) => jsonLd(c, hydraDocumentation(described(), vocabulary)));
  operation(app, getApiReferenceRoute, (c) => c.html(renderReferencePage(described(), c.get("cspNonce" as never))));
  operation(app, getJsonLdContextRoute, (c, { params }) => {
    const document = described();
    return contextTypes(document).includes(params.type)
      ? jsonLd(c, contextFor(document, params.type, vocabulary))
      : notFound(c, "Context");
  });
  return app;
}
