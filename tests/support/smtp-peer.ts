import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type SmtpPeer = {
  url: string;
  messages: ParsedMail[];
  /** Rejects the next `n` messages with a temporary failure (451). */
  failNext(n: number): void;
  close(): Promise<void>;
};

/** A real SMTP server on loopback that keeps what it receives (no TLS, no auth). */
export async function startSmtpPeer(options: { delayMs?: number } = {}): Promise<SmtpPeer> {
  const messages: ParsedMail[] = [];
  let failuresLeft = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    async onData(stream, _session, callback) {
      try {
        const parsed = await simpleParser(stream);
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          const error = Object.assign(new Error("Mailbox busy, try later"), { responseCode: 451 });
          callback(error);
          return;
        }
        messages.push(parsed);
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    failNext(n) {
      failuresLeft = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
