import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { capturingLogger } from "../tests/support/log-capture.ts";

describe("the logger", () => {
  it("keeps a failed query's SQL and cause but never the visitor's values it was given", () => {
    const { logger, lines } = capturingLogger();
    const failure = new DrizzleQueryError(
      "insert into leads (name, email) values ($1, $2)",
      ["Thabo Mokoena", "thabo@example.co.za"],
      new Error("connect ECONNREFUSED 127.0.0.1:5432"),
    );
    logger.error({ err: failure }, "database unavailable");
    const logged = lines.join("");
    expect(logged).not.toContain("Thabo");
    expect(logged).not.toContain("thabo@example.co.za");
    const entry = JSON.parse(lines[0]!) as { err: { message: string; stack: string } };
    expect(entry.err.message).toContain("insert into leads");
    expect(entry.err.stack).toContain("ECONNREFUSED");
  });

  it("logs an ordinary error whole", () => {
    const { logger, lines } = capturingLogger();
    logger.error({ err: new Error("template missing: brochure.svg") }, "unhandled error");
    expect(JSON.parse(lines[0]!).err.message).toBe("template missing: brochure.svg");
  });

  it("never writes a staff password, token, CSRF token or key, wherever a caller puts it", () => {
    const { logger, lines } = capturingLogger();
    logger.info(
      {
        password: "pw-value-1",
        form: { currentPassword: "pw-value-2", newPassword: "pw-value-3", csrf: "csrf-value" },
        token: "token-value",
        feed: { key: "key-value" },
        req: {
          headers: {
            cookie: "staff=session-value",
            authorization: "Bearer key-value-2",
            "x-csrf-token": "csrf-value-2",
          },
        },
      },
      "staff request",
    );
    expect(lines.join("")).not.toMatch(/pw-value|csrf-value|token-value|key-value|session-value/);
  });
});
