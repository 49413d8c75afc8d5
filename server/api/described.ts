/**
 * What the API says about itself, derived from its OpenAPI document (itself generated from the operations'
 * zod definitions): the published document, the JSON-LD entrypoint and contexts, and the Hydra
 * ApiDocumentation. Pure functions of the document, so that a new operation appears in all of them.
 */

/** The document's version (docs/api.md: the changelog has a section for each; a breaking change raises the major). */
export const API_VERSION = "1.0.0";

const API_BASE = "/api";
const HYDRA = "http://www.w3.org/ns/hydra/core#";

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  description?: string;
  example?: unknown;
  [key: string]: unknown;
};

export type Parameter = {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  deprecated?: boolean;
  description?: string;
  schema?: JsonSchema;
};
export type MediaContent = Record<string, { schema?: JsonSchema; example?: unknown }>;
export type ResponseObject = {
  description: string;
  headers?: Record<string, { description?: string; required?: boolean; schema?: JsonSchema }>;
  content?: MediaContent;
};
export type Operation = {
  /** The name generated clients give the operation: stable, so a change is a breaking one (docs/api.md). */
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  deprecated?: boolean;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; description?: string; content: MediaContent };
  responses: Record<string, ResponseObject>;
};
export const HTTP_METHODS = ["get", "put", "post", "delete", "patch"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Partial<Record<HttpMethod, Operation>>>;
  components?: { schemas?: Record<string, JsonSchema>; securitySchemes?: Record<string, unknown> };
};

/** Every operation of the document, with its method and path. */
export function operationsOf(document: OpenApiDocument): { method: HttpMethod; path: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => (item[method] ? [{ method, path, operation: item[method] }] : [])),
  );
}

/**
 * The document as published: paths under /api, where the API is mounted, and regular expressions written
 * as their source (zod-to-openapi writes a unicode one's flags after it, `^\p{L}+$/u`, which no validator
 * reads as meant; JSON Schema patterns are unicode-aware).
 */
export function toPublishedDocument(generated: OpenApiDocument): OpenApiDocument {
  const paths = Object.fromEntries(
    Object.entries(generated.paths).map(([path, item]) => [path === "/" ? API_BASE : `${API_BASE}${path}`, item]),
  );
  return withPatternsAsSource({ ...generated, paths }) as OpenApiDocument;
}

function withPatternsAsSource(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withPatternsAsSource);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === "pattern" && typeof inner === "string"
        ? inner.replace(/\/[dgimsuyv]+$/, "")
        : withPatternsAsSource(inner),
    ]),
  );
}

const schemaName = (ref: string) => ref.replace("#/components/schemas/", "");

/** A schema with its $ref followed. */
export function resolve(document: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema?.$ref) return schema;
  return resolve(document, document.components?.schemas?.[schemaName(schema.$ref)]);
}

/** The JSON-LD @type a schema fixes, if any (`"@type": "Dealer"`). */
function ldTypeOf(schema: JsonSchema | undefined): string | undefined {
  const type = schema?.properties?.["@type"];
  const fixed = type?.const ?? (type?.enum?.length === 1 ? type.enum[0] : undefined);
  return typeof fixed === "string" ? fixed : undefined;
}

/** The resource classes: each @type the document's schemas fix, with the properties of its schemas. */
function resourceClasses(
  document: OpenApiDocument,
): Map<string, { properties: Record<string, JsonSchema>; required: Set<string> }> {
  const classes = new Map<string, { properties: Record<string, JsonSchema>; required: Set<string> }>();
  for (const schema of Object.values(document.components?.schemas ?? {})) {
    const type = ldTypeOf(schema);
    if (!type || type.includes(":")) continue;
    const known = classes.get(type) ?? { properties: {}, required: new Set<string>() };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (!name.startsWith("@")) known.properties[name] = property;
    }
    for (const name of schema.required ?? []) if (!name.startsWith("@")) known.required.add(name);
    classes.set(type, known);
  }
  return classes;
}

/** Every context an answer may name: the entrypoint's, and one per resource class (its collections' too). */
export function contextTypes(document: OpenApiDocument): string[] {
  return ["Entrypoint", ...resourceClasses(document).keys()];
}

/**
 * A resource's JSON-LD context, as API Platform writes them: the API's vocabulary, Hydra's prefix, and
 * each property of the class as a term of its own (`dealerName` is `…/docs.jsonld#Dealer/dealerName`).
 */
export function contextFor(
  document: OpenApiDocument,
  type: string,
  vocabulary: string,
): { "@context": Record<string, unknown> } {
  const terms: Record<string, unknown> = { "@vocab": vocabulary, hydra: HYDRA };
  if (type === "Entrypoint") {
    for (const name of Object.keys(collectionLinks(document)))
      terms[name] = { "@id": `Entrypoint/${name}`, "@type": "@id" };
  } else {
    for (const name of Object.keys(resourceClasses(document).get(type)?.properties ?? {}))
      terms[name] = `${type}/${name}`;
  }
  return { "@context": terms };
}

/** The collections an integrator starts from: each GET without path parameters that answers a hydra collection. */
function collectionLinks(document: OpenApiDocument): Record<string, string> {
  const links: Record<string, string> = {};
  for (const { method, path, operation } of operationsOf(document)) {
    if (method !== "get" || path.includes("{")) continue;
    const schema = resolve(document, operation.responses["200"]?.content?.["application/ld+json"]?.schema);
    if (!schema?.properties?.["hydra:member"]) continue;
    const name = path
      .slice(API_BASE.length + 1)
      .split(/[/_-]/)
      .map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
      .join("");
    links[name] = path;
  }
  return links;
}

/** GET /api: a link to every collection. */
export function apiEntrypoint(document: OpenApiDocument): Record<string, unknown> {
  return {
    "@context": `${API_BASE}/contexts/Entrypoint`,
    "@id": API_BASE,
    "@type": "Entrypoint",
    ...collectionLinks(document),
  };
}

const XSD: Record<string, string> = {
  string: "xsd:string",
  integer: "xsd:integer",
  number: "xsd:decimal",
  boolean: "xsd:boolean",
};

function rangeOf(document: OpenApiDocument, schema: JsonSchema | undefined): string | undefined {
  const resolved = resolve(document, schema);
  const type = ldTypeOf(resolved);
  if (type) return `#${type}`;
  const primitive = [resolved?.type].flat().find((t) => t && t !== "null");
  return primitive ? XSD[primitive] : undefined;
}

/** The operations whose answer (200 or 201) is a resource of the class, or a collection of them. */
function supportedOperations(document: OpenApiDocument, type: string): Record<string, unknown>[] {
  return operationsOf(document).flatMap(({ method, path, operation }) => {
    const success = operation.responses["200"] ?? operation.responses["201"];
    const schema = resolve(document, success?.content?.["application/ld+json"]?.schema);
    const member = resolve(document, schema?.properties?.["hydra:member"]?.items);
    const returns = ldTypeOf(schema) === type ? `#${type}` : ldTypeOf(member) === type ? "hydra:Collection" : undefined;
    if (!returns) return [];
    return [
      {
        "@type": ["hydra:Operation", "schema:FindAction"].slice(0, method === "get" ? 2 : 1),
        "hydra:method": method.toUpperCase(),
        "hydra:title": operation.summary ?? `${method.toUpperCase()} ${path}`,
        "rdfs:label": `${method.toUpperCase()} ${path}`,
        returns,
        ...(operation.deprecated ? { "owl:deprecated": true } : {}),
      },
    ];
  });
}

/** GET /api/docs.jsonld: the Hydra ApiDocumentation of every class, its properties and operations. */
export function hydraDocumentation(document: OpenApiDocument, vocabulary: string): Record<string, unknown> {
  const classes = [...resourceClasses(document)].map(([type, { properties, required }]) => ({
    "@id": `#${type}`,
    "@type": "hydra:Class",
    "rdfs:label": type,
    "hydra:title": type,
    "hydra:supportedProperty": Object.entries(properties).map(([name, schema]) => ({
      "@type": "hydra:SupportedProperty",
      "hydra:property": {
        "@id": `#${type}/${name}`,
        "@type": "rdf:Property",
        "rdfs:label": name,
        domain: `#${type}`,
        range: rangeOf(document, schema),
      },
      "hydra:title": name,
      ...(schema.description ? { "hydra:description": schema.description } : {}),
      "hydra:required": required.has(name),
      "hydra:readable": true,
      "hydra:writeable": false,
      ...(schema.deprecated ? { "owl:deprecated": true } : {}),
    })),
    "hydra:supportedOperation": supportedOperations(document, type),
  }));
  const entrypoint = {
    "@id": "#Entrypoint",
    "@type": "hydra:Class",
    "hydra:title": "The API entrypoint",
    "hydra:supportedProperty": Object.entries(collectionLinks(document)).map(([name, path]) => ({
      "@type": "hydra:SupportedProperty",
      "hydra:property": {
        "@id": `#Entrypoint/${name}`,
        "@type": "hydra:Link",
        domain: "#Entrypoint",
        range: "hydra:Collection",
        "rdfs:label": path,
      },
      "hydra:title": name,
      "hydra:readable": true,
      "hydra:writeable": false,
    })),
    "hydra:supportedOperation": [{ "@type": "hydra:Operation", "hydra:method": "GET", returns: "#Entrypoint" }],
  };
  return {
    "@context": {
      "@vocab": vocabulary,
      hydra: HYDRA,
      rdf: "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
      rdfs: "http://www.w3.org/2000/01/rdf-schema#",
      xsd: "http://www.w3.org/2001/XMLSchema#",
      owl: "http://www.w3.org/2002/07/owl#",
      schema: "https://schema.org/",
      domain: { "@id": "rdfs:domain", "@type": "@id" },
      range: { "@id": "rdfs:range", "@type": "@id" },
      returns: { "@id": "hydra:returns", "@type": "@id" },
    },
    "@id": `${API_BASE}/docs.jsonld`,
    "@type": "hydra:ApiDocumentation",
    "hydra:title": document.info.title,
    "hydra:description": document.info.description,
    "hydra:entrypoint": API_BASE,
    "hydra:supportedClass": [...classes, entrypoint],
  };
}
