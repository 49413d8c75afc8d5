import {
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  type Parameter,
  resolve,
} from "./described.ts";

/**
 * What changed between two versions of the OpenAPI document, each change marked breaking or not by the
 * rules of docs/api.md: removing or renaming an operation, a parameter, an answer's field or a success
 * status, making something required, narrowing a choice or changing a type breaks clients; adding does not.
 */
export type DocumentChange = { breaking: boolean; text: string; inErrorSchema?: boolean };

export function diffDocuments(before: OpenApiDocument, after: OpenApiDocument): DocumentChange[] {
  const changes: DocumentChange[] = [];
  const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
  const old = new Map(operationsOf(before).map((o) => [key(o.method, o.path), o.operation]));
  const now = new Map(operationsOf(after).map((o) => [key(o.method, o.path), o.operation]));
  for (const [name] of old) if (!now.has(name)) changes.push({ breaking: true, text: `${name} removed` });
  for (const [name, operation] of now) {
    const previous = old.get(name);
    if (!previous) changes.push({ breaking: false, text: `${name} added` });
    else
      changes.push(...diffOperation(name, { document: before, operation: previous }, { document: after, operation }));
  }
  return [...changes.filter((change) => !change.inErrorSchema), ...errorSchemaChanges(changes)];
}

/**
 * Every error answer shares one schema: a change to it is told once ("error answers: ..."), not for each operation and
 * status. Recognised by the text diffOperation gives a 4xx or 5xx answer's change.
 */
function errorSchemaChanges(changes: DocumentChange[]): DocumentChange[] {
  const told = new Map<string, DocumentChange>();
  for (const change of changes) {
    const rest = change.inErrorSchema ? change.text.replace(/^\S+ \S+ [45]\d\d/, "error answers") : null;
    if (rest && !told.has(rest)) told.set(rest, { breaking: change.breaking, text: rest });
  }
  return [...told.values()];
}

type Side = { document: OpenApiDocument; operation: Operation };

const isErrorSchema = (schema: JsonSchema | undefined) => schema?.$ref === "#/components/schemas/Error";

function diffOperation(name: string, before: Side, after: Side): DocumentChange[] {
  const changes: DocumentChange[] = [];
  if (!before.operation.deprecated && after.operation.deprecated)
    changes.push({ breaking: false, text: `${name} deprecated` });
  const [oldId, newId] = [before.operation.operationId, after.operation.operationId];
  if (oldId !== newId) {
    // A generated client's method is named by it: naming an operation adds, renaming or unnaming it breaks.
    changes.push({
      breaking: oldId !== undefined,
      text:
        newId === undefined
          ? `${name}: operationId ${oldId} removed`
          : `${name}: operationId ${newId}${oldId ? ` (was ${oldId})` : ""}`,
    });
  }
  changes.push(...diffParameters(name, before, after));
  const oldBody = before.operation.requestBody?.content["application/ld+json"]?.schema;
  const newBody = after.operation.requestBody?.content["application/ld+json"]?.schema;
  if (oldBody || newBody) {
    changes.push(
      ...diffSchemas(
        `${name} request body`,
        "request",
        { document: before.document, schema: oldBody },
        { document: after.document, schema: newBody },
      ),
    );
  }
  for (const status of Object.keys(before.operation.responses)) {
    if (!after.operation.responses[status])
      changes.push({ breaking: status.startsWith("2"), text: `${name} no longer answers ${status}` });
  }
  for (const [status, response] of Object.entries(after.operation.responses)) {
    const previous = before.operation.responses[status];
    if (!previous) {
      changes.push({ breaking: false, text: `${name} may answer ${status}` });
      continue;
    }
    const [oldType, oldContent] = Object.entries(previous.content ?? {})[0] ?? [];
    const [newType, newContent] = Object.entries(response.content ?? {})[0] ?? [];
    if (oldType !== newType)
      changes.push({
        breaking: true,
        text: `${name} ${status} is now ${newType ?? "without a body"} (was ${oldType ?? "without a body"})`,
      });
    else if (oldContent?.schema || newContent?.schema) {
      const found = diffSchemas(
        `${name} ${status}`,
        "response",
        { document: before.document, schema: oldContent?.schema },
        { document: after.document, schema: newContent?.schema },
      );
      const isError = /^[45]/.test(status) && isErrorSchema(oldContent?.schema) && isErrorSchema(newContent?.schema);
      changes.push(...found.map((change) => (isError ? { ...change, inErrorSchema: true } : change)));
    }
  }
  return changes;
}

function diffParameters(name: string, before: Side, after: Side): DocumentChange[] {
  const changes: DocumentChange[] = [];
  const id = (p: Parameter) => `${p.in} parameter ${p.name}`;
  const old = new Map((before.operation.parameters ?? []).map((p) => [id(p), p]));
  const now = new Map((after.operation.parameters ?? []).map((p) => [id(p), p]));
  for (const [parameter] of old)
    if (!now.has(parameter)) changes.push({ breaking: true, text: `${name}: ${parameter} removed` });
  for (const [parameter, current] of now) {
    const previous = old.get(parameter);
    if (!previous) {
      changes.push({
        breaking: Boolean(current.required),
        text: `${name}: ${parameter} added${current.required ? " (required)" : ""}`,
      });
      continue;
    }
    if (!previous.required && current.required)
      changes.push({ breaking: true, text: `${name}: ${parameter} is now required` });
    if (!previous.deprecated && current.deprecated)
      changes.push({ breaking: false, text: `${name}: ${parameter} deprecated` });
    changes.push(
      ...diffSchemas(
        `${name}: ${parameter}`,
        "request",
        { document: before.document, schema: previous.schema },
        { document: after.document, schema: current.schema },
      ),
    );
  }
  return changes;
}

type SchemaSide = { document: OpenApiDocument; schema: JsonSchema | undefined };

/**
 * Field by field. In a request, a new required field or a narrower choice breaks clients; in a response,
 * a field removed, a field no longer always present, or a type changed does.
 */
function diffSchemas(
  where: string,
  direction: "request" | "response",
  before: SchemaSide,
  after: SchemaSide,
  depth = 0,
): DocumentChange[] {
  const old = resolve(before.document, before.schema);
  const now = resolve(after.document, after.schema);
  if (!old || !now || depth > 8) return [];
  const changes: DocumentChange[] = [];
  const typeOf = (schema: JsonSchema) => [schema.type].flat().filter(Boolean).sort().join("|");
  if (typeOf(old) !== typeOf(now)) {
    // A request field left untyped was checked by the server all along; typing it writes the check down (docs/api.md).
    const documented =
      direction === "request" && typeOf(old) === "" && Object.keys(old).every((key) => key === "description");
    changes.push({
      breaking: !documented,
      text: `${where}: type ${typeOf(old) || "any"} is now ${typeOf(now) || "any"}`,
    });
  }
  if (old.enum && now.enum) {
    const removed = old.enum.filter((value) => !now.enum!.includes(value));
    const added = now.enum.filter((value) => !old.enum!.includes(value));
    if (removed.length > 0)
      changes.push({
        breaking: direction === "request",
        text: `${where}: no longer ${removed.map(String).join(", ")}`,
      });
    if (added.length > 0)
      changes.push({ breaking: direction === "response", text: `${where}: now also ${added.map(String).join(", ")}` });
  }
  if (!old.deprecated && now.deprecated) changes.push({ breaking: false, text: `${where} deprecated` });
  const oldRequired = new Set(old.required ?? []);
  const newRequired = new Set(now.required ?? []);
  for (const [field, schema] of Object.entries(old.properties ?? {})) {
    const current = now.properties?.[field];
    if (!current) {
      changes.push({ breaking: direction === "response", text: `${where}: field ${field} removed` });
      continue;
    }
    if (field === "@context") {
      changes.push(
        ...diffContext(`${where}.${field}`, resolve(before.document, schema), resolve(after.document, current)),
      );
      continue;
    }
    if (direction === "response" && oldRequired.has(field) && !newRequired.has(field))
      changes.push({ breaking: true, text: `${where}: field ${field} may be absent` });
    if (direction === "request" && !oldRequired.has(field) && newRequired.has(field))
      changes.push({ breaking: true, text: `${where}: field ${field} is now required` });
    changes.push(
      ...diffSchemas(
        `${where}.${field}`,
        direction,
        { document: before.document, schema },
        { document: after.document, schema: current },
        depth + 1,
      ),
    );
  }
  for (const field of Object.keys(now.properties ?? {})) {
    if (old.properties?.[field]) continue;
    const required = direction === "request" && newRequired.has(field);
    changes.push({ breaking: required, text: `${where}: field ${field} added${required ? " (required)" : ""}` });
  }
  if (old.items || now.items) {
    changes.push(
      ...diffSchemas(
        `${where}[]`,
        direction,
        { document: before.document, schema: old.items },
        { document: after.document, schema: now.items },
        depth + 1,
      ),
    );
  }
  return changes;
}

/**
 * An answer's @context names where its JSON-LD context is; a JSON-LD client reads it there, and relies on the IRIs its
 * terms expand to, which the Hydra documentation defines (docs/api.md). Naming another context is recorded, not breaking.
 */
function diffContext(where: string, old: JsonSchema | undefined, now: JsonSchema | undefined): DocumentChange[] {
  const named = (schema: JsonSchema | undefined) => (schema?.enum ?? []).map(String).join(", ") || "any";
  return named(old) === named(now)
    ? []
    : [{ breaking: false, text: `${where}: now ${named(now)} (was ${named(old)})` }];
}

/** The changes as changelog lines, breaking ones first and marked. */
export function changelogLines(changes: DocumentChange[]): string[] {
  return [...changes]
    .sort((a, b) => Number(b.breaking) - Number(a.breaking))
    .map((change) => `- ${change.breaking ? "**Breaking:** " : ""}${change.text}`);
}
