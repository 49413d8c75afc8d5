import { type JsonSchema, type OpenApiDocument, type Operation, operationsOf, resolve } from "./described.ts";

/**
 * GET /api/docs: the API reference for a person, rendered on the server from the OpenAPI document with the
 * app's own styles (no script, no third-party host): each operation with its parameters, body, answers
 * and an example built from the schemas' South African examples.
 */
export function renderReferencePage(document: OpenApiDocument, cspNonce: string | undefined): string {
  const operations = operationsOf(document);
  const tags = [...new Set(operations.map(({ operation }) => operation.tags?.[0] ?? "Other"))];
  const sections = tags.map((tag) => {
    const own = operations.filter(({ operation }) => (operation.tags?.[0] ?? "Other") === tag);
    return `<section aria-labelledby="${anchor(tag)}"><h2 id="${anchor(tag)}">${escapeHtml(tag)}</h2>${own
      .map(({ method, path, operation }) => renderOperation(document, method, path, operation))
      .join("")}</section>`;
  });
  return `<!doctype html><html lang="en-ZA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference | Honda Dealer Group</title>
<style${cspNonce ? ` nonce="${cspNonce}"` : ""}>${STYLES}</style></head>
<body><a class="skip" href="#content">Skip to the reference</a><header>Honda Dealer Group API <span>version ${escapeHtml(document.info.version)}</span></header>
<div class="layout"><nav aria-label="Operations"><ul>${tags.map((tag) => `<li><a href="#${anchor(tag)}">${escapeHtml(tag)}</a></li>`).join("")}</ul></nav>
<main id="content" tabindex="-1"><h1>${escapeHtml(document.info.title)}</h1><p>${escapeHtml(document.info.description ?? "")}</p>
<p>Machine-readable: <a href="/api/docs.json">OpenAPI 3.1 document</a> (generate a client from it), <a href="/api/docs.jsonld">Hydra documentation</a>, <a href="/api">entrypoint</a>. Answers are JSON-LD (<code>application/ld+json</code>); each names its context under <code>@context</code>. Refused requests answer an <code>Error</code> with <code>status</code>, <code>title</code> and, for 400 and 422, <code>violations</code> naming each field at fault.</p>
${sections.join("")}</main></div></body></html>`;
}

function renderOperation(document: OpenApiDocument, method: string, path: string, operation: Operation): string {
  const id = anchor(`${method}-${path}`);
  const parameters = operation.parameters ?? [];
  const body = operation.requestBody?.content["application/ld+json"];
  const success = Object.entries(operation.responses).find(([status]) => status.startsWith("2"));
  const example = success?.[1].content?.["application/ld+json"]?.schema;
  return `<article aria-labelledby="${id}"><h3 id="${id}"><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code>${
    operation.deprecated ? ' <span class="deprecated">deprecated</span>' : ""
  }</h3><p>${escapeHtml(operation.summary ?? "")}</p>${
    parameters.length > 0
      ? `<table><caption>Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Values</th><th scope="col">Notes</th></tr></thead><tbody>${parameters
          .map(
            (p) =>
              `<tr><th scope="row"><code>${escapeHtml(p.name)}</code>${p.required ? " (required)" : ""}</th><td>${p.in}</td><td>${escapeHtml(describeSchema(document, p.schema))}</td><td>${escapeHtml(p.description ?? p.schema?.description ?? "")}</td></tr>`,
          )
          .join("")}</tbody></table>`
      : ""
  }${
    body
      ? `<h4>Request body</h4><p>${escapeHtml(operation.requestBody?.description ?? "")}</p><pre tabindex="0" role="region" aria-label="Example request body of ${method.toUpperCase()} ${escapeHtml(path)}"><code>${escapeHtml(JSON.stringify(body.example ?? exampleOf(document, body.schema), null, 2))}</code></pre>`
      : ""
  }<h4>Answers</h4><ul>${Object.entries(operation.responses)
    .map(
      ([status, response]) =>
        `<li><strong>${status}</strong> ${escapeHtml(response.description)}${response.headers ? ` (headers: ${Object.keys(response.headers).join(", ")})` : ""}</li>`,
    )
    .join("")}</ul>${
    example
      ? `<pre tabindex="0" role="region" aria-label="Example answer ${success?.[0]} of ${method.toUpperCase()} ${escapeHtml(path)}"><code>${escapeHtml(JSON.stringify(exampleOf(document, example), null, 2))}</code></pre>`
      : ""
  }</article>`;
}

function describeSchema(document: OpenApiDocument, schema: JsonSchema | undefined): string {
  const resolved = resolve(document, schema);
  if (!resolved) return "";
  if (resolved.enum) return resolved.enum.map((value) => (value === "" ? "(empty)" : String(value))).join(", ");
  if (resolved.type === "array") return `repeatable: ${describeSchema(document, resolved.items)}`;
  return [resolved.type].flat().join(" or ") + (resolved.pattern ? ` matching ${resolved.pattern}` : "");
}

/** An example value of a schema: its own example, else the first choice, else one built from its parts. */
function exampleOf(document: OpenApiDocument, schema: JsonSchema | undefined, depth = 0): unknown {
  const resolved = resolve(document, schema);
  if (!resolved || depth > 6) return null;
  if (resolved.example !== undefined) return resolved.example;
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.enum) return resolved.enum[0];
  const choice = resolved.anyOf?.[0] ?? resolved.oneOf?.[0] ?? resolved.allOf?.[0];
  if (choice) return exampleOf(document, choice, depth + 1);
  const type = [resolved.type].flat().find((t) => t !== "null");
  if (type === "object" || resolved.properties) {
    return Object.fromEntries(
      Object.entries(resolved.properties ?? {}).map(([name, inner]) => [name, exampleOf(document, inner, depth + 1)]),
    );
  }
  if (type === "array") return [exampleOf(document, resolved.items, depth + 1)];
  if (type === "integer" || type === "number") return 1;
  if (type === "boolean") return true;
  if (type === "string") return "";
  return null;
}

const anchor = (text: string) =>
  `api-${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}`;

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

const STYLES = `body{font-family:system-ui,sans-serif;color:#2b2d2f;margin:0;line-height:1.5}
header{background:#2b2d2f;color:#fff;border-bottom:4px solid #c8102e;padding:1rem;font-weight:700;font-size:1.25rem}
header span{font-weight:400;font-size:1rem}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;color:#2b2d2f;padding:.5rem}
.layout{display:flex;gap:2rem;max-width:72rem;margin:0 auto;padding:1rem}
nav{flex:0 0 12rem}nav ul{list-style:none;padding:0;position:sticky;top:1rem}
main{flex:1;min-width:0}a{color:#a50d26}
article{border-top:1px solid #d0d3d6;padding:.5rem 0 1rem}
.method{display:inline-block;background:#2b2d2f;color:#fff;border-radius:3px;padding:0 .4rem;font-size:.85rem}
.deprecated{background:#fde8eb;color:#8a0b20;padding:0 .4rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0}caption{text-align:left;font-weight:600}
th,td{border:1px solid #d0d3d6;padding:.25rem .5rem;text-align:left;vertical-align:top}
pre{background:#f3f4f5;padding:.75rem;overflow:auto;max-height:24rem}
pre:focus{outline:3px solid #a50d26}
@media (max-width:48rem){.layout{display:block}nav ul{position:static}}`;
