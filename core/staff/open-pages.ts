/** The back office's pages open without a session (signing in, setting a password); every other one asks for one. */
export const STAFF_PAGES_WITHOUT_SESSION = [
  "/staff/login",
  "/staff/forgot-password",
  "/staff/set-password",
  "/staff/setup",
];
