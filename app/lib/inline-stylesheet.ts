import { createContext } from "react";

/**
 * The site's stylesheet as text, for a <style> in the head instead of a render-blocking <link>
 * (docs/decisions/036-first-paint-and-bounded-writes.md). Only entry.server.tsx provides it, with the
 * response's CSP nonce; in the browser it is absent and React adopts the <style> the server wrote (matched
 * by its href), so the stylesheet's text is never in a script.
 */
export const InlineStylesheet = createContext<{ css: string; nonce: string | undefined } | null>(null);
