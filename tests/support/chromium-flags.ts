/**
 * Flags for Debian's Chromium on the project's machines (headless mode aside, which each caller picks): no
 * sandbox as root, no GPU, and none of the background connections that this machine's closed network refuses.
 */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
