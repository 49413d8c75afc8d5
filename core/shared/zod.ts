import { z } from "zod";

/**
 * The one zod the site's schemas import. Zod probes for eval (`new Function`) before its first parse; the
 * CSP forbids eval and the browser reports the probe as a violation even though zod catches it. Jitless, zod
 * never probes. Set here, beside the schemas rather than in the root route, so that a page without a form
 * loads no zod at all.
 */
z.config({ jitless: true });

export { z };
