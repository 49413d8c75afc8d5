import fs from "node:fs/promises";
import path from "node:path";
import { expect } from "@playwright/test";
import { type ParsedMail, simpleParser } from "mailparser";
import { E2E_DATA_DIR } from "./e2e-server.ts";

/** The e2e server writes its e-mails here as .eml files (no SMTP_URL; its DATA_DIR is E2E_DATA_DIR, playwright.config.ts). */
const OUTBOX = path.resolve(import.meta.dirname, "../../..", E2E_DATA_DIR, "outbox");
const parsed = new Map<string, ParsedMail>();

/** Every e-mail in the outbox, parsed with mailparser (each file once). */
async function outboxMails(): Promise<ParsedMail[]> {
  const names = await fs.readdir(OUTBOX).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw error;
  });
  for (const name of names.filter((file) => file.endsWith(".eml") && !parsed.has(file))) {
    parsed.set(name, await simpleParser(await fs.readFile(path.join(OUTBOX, name))));
  }
  return [...parsed.values()];
}

const recipientOf = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : "");

/** Waits for the one e-mail to `to` that `matches` (the delivery worker sends within seconds) and answers it. */
export async function mailInOutbox(
  to: string,
  matches: (mail: ParsedMail) => boolean = () => true,
): Promise<ParsedMail> {
  let found: ParsedMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await outboxMails()).filter((mail) => recipientOf(mail) === to && matches(mail));
        return found.length;
      },
      { message: `an e-mail to ${to} in ${OUTBOX}`, timeout: 45_000 },
    )
    .toBe(1);
  return found[0]!;
}
