import type { OpenApiDocument } from "./described.ts";
import { changelogLines, diffDocuments } from "./document-diff.ts";

/**
 * The API changelog in docs/api.md: a "### <version>" section per version of the document, newest first,
 * under "## Changelog". `withChanges` records a new document's changes (docs/api/openapi.json against the
 * one generated now) under the section of the new document's version, made if missing.
 */
const CHANGELOG_HEADING = "## Changelog";

export function changelogVersions(markdown: string): string[] {
  const changelog = markdown.slice(markdown.indexOf(CHANGELOG_HEADING));
  return [...changelog.matchAll(/^### (\d+\.\d+\.\d+)\b/gm)].map((match) => match[1]!);
}

export function withChanges(
  markdown: string,
  before: OpenApiDocument,
  after: OpenApiDocument,
  today: string,
): { markdown: string; lines: string[] } {
  const lines = changelogLines(diffDocuments(before, after));
  if (lines.length === 0) return { markdown, lines };
  const start = markdown.indexOf(CHANGELOG_HEADING);
  if (start < 0) throw new Error(`docs/api.md has no "${CHANGELOG_HEADING}" section`);
  const version = after.info.version;
  const heading = new RegExp(`^### ${version.replaceAll(".", "\\.")}\\b.*$`, "m");
  const existing = heading.exec(markdown.slice(start));
  if (existing) {
    // Under the heading's own sentences, if a person wrote some: before the section's first generated line.
    const headingEnd = start + existing.index + existing[0].length;
    const firstLine = /^- /m.exec(markdown.slice(headingEnd));
    const at = firstLine ? headingEnd + firstLine.index : headingEnd + 1;
    return { markdown: `${markdown.slice(0, at)}${lines.join("\n")}\n${markdown.slice(at)}`, lines };
  }
  const at = start + CHANGELOG_HEADING.length;
  return {
    markdown: `${markdown.slice(0, at)}\n\n### ${version} (${today})\n\n${lines.join("\n")}${markdown.slice(at)}`,
    lines,
  };
}

/** A breaking change needs the next major version (docs/api.md, "What counts as a breaking change"). */
export function versionProblem(before: OpenApiDocument, after: OpenApiDocument): string | null {
  const breaking = diffDocuments(before, after).filter((change) => change.breaking);
  if (breaking.length === 0) return null;
  const major = (version: string) => Number(version.split(".")[0]);
  if (major(after.info.version) > major(before.info.version)) return null;
  return `${breaking.length} breaking changes need version ${major(before.info.version) + 1}.0.0 (API_VERSION in server/api/described.ts), and their deprecation first: ${breaking.map((c) => c.text).join("; ")}`;
}
