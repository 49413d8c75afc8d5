/**
 * The hand-over as a document a person can read (plain text): each kind of record with what it is, why it is kept,
 * who received it and for how long it is kept, then every record's fields, one per line.
 */
export function exportDocument(json: {
  generatedAt: string;
  objectedToMarketing: boolean;
  kinds: {
    label: string;
    category: string;
    purpose: string;
    recipients: string;
    keptFor: string;
    records: Record<string, unknown>[];
  }[];
}): string {
  const lines = [
    "The personal information the Honda dealer group holds about you",
    `Prepared on ${json.generatedAt}`,
    "",
  ];
  if (json.kinds.length === 0) lines.push("We hold no records about you.", "");
  for (const kind of json.kinds) {
    lines.push(
      `== ${kind.label} (${kind.records.length}) ==`,
      `What it is: ${kind.category}`,
      `Why we keep it: ${kind.purpose}`,
      `Who receives it: ${kind.recipients}`,
      `How long we keep it: ${kind.keptFor}`,
      "",
    );
    kind.records.forEach((record, index) => {
      lines.push(`-- ${kind.label}, record ${index + 1} --`);
      lines.push(...fieldLines(record, ""));
      lines.push("");
    });
  }
  lines.push(
    json.objectedToMarketing
      ? "You objected to direct marketing: we send you none."
      : "You have not objected to direct marketing; you may at any time.",
  );
  return `${lines.join("\n")}\n`;
}

function fieldLines(value: Record<string, unknown>, indent: string): string[] {
  const lines: string[] = [];
  for (const [field, item] of Object.entries(value)) {
    if (item === null || item === undefined || item === "") continue;
    if (item instanceof Date) lines.push(`${indent}${field}: ${item.toISOString()}`);
    else if (Array.isArray(item)) {
      if (item.length === 0) continue;
      lines.push(`${indent}${field}:`);
      for (const entry of item) {
        if (entry !== null && typeof entry === "object")
          lines.push(...fieldLines(entry as Record<string, unknown>, `${indent}  - `));
        else lines.push(`${indent}  - ${String(entry)}`);
      }
    } else if (typeof item === "object") {
      lines.push(`${indent}${field}:`, ...fieldLines(item as Record<string, unknown>, `${indent}  `));
    } else if (typeof item === "string" && item.includes("\n")) {
      lines.push(`${indent}${field}:`, ...item.split(/\r?\n/).map((line) => `${indent}  | ${line}`));
    } else lines.push(`${indent}${field}: ${String(item)}`);
  }
  return lines;
}
