import { SESSION_ABSOLUTE_MS } from "./sessions.server.ts";
import { rawCookie } from "../shared/cookies.ts";

/**
 * The staff session cookie: `__Host-staff` over HTTPS (Secure, no Domain, Path=/: the browser refuses it
 * otherwise, so no other subdomain or plain-HTTP page can set or read it), `staff` over plain HTTP for local
 * use. HttpOnly (no script reads it), SameSite=Lax (not sent with another site's form posts).
 */
function sessionCookieName(overHttps: boolean): string {
  return overHttps ? "__Host-staff" : "staff";
}

export function sessionCookie(token: string, overHttps: boolean): string {
  const attributes = ["Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${SESSION_ABSOLUTE_MS / 1000}`];
  if (overHttps) attributes.push("Secure");
  return [`${sessionCookieName(overHttps)}=${token}`, ...attributes].join("; ");
}

export function clearedSessionCookie(overHttps: boolean): string {
  return [
    `${sessionCookieName(overHttps)}=`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    "Max-Age=0",
    ...(overHttps ? ["Secure"] : []),
  ].join("; ");
}

/** The session token from a Cookie header, or null. */
export function sessionTokenFrom(cookieHeader: string | null | undefined, overHttps: boolean): string | null {
  const token = rawCookie(cookieHeader, sessionCookieName(overHttps));
  return token !== null && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}
