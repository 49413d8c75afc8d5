import { Hono } from "hono";
import type { LinkSigner } from "../core/appointments/links.server.ts";
import { LEAD_PHOTO, leadPhotoFile } from "../core/delivery/lead-photos.server.ts";
import { isUuid } from "../core/shared/uuid.ts";
import type { Database } from "../db/client.ts";

/**
 * GET /media/leads/{lead}/{n}?expires=...&signature=...: a seller's photo for the dealer, through the signed
 * link in the lead (decision 026). 403 for a link that is not ours, 410 once expired; never cached by others.
 */
export function leadPhotoRoutes(db: Database, signer: LinkSigner): Hono {
  return new Hono().get("/media/leads/:lead/:position", async (c) => {
    const { lead, position } = c.req.param();
    c.header("Cache-Control", "private, no-store");
    if (!isUuid(lead) || !/^[1-8]$/.test(position)) return c.text("Not found", 404);
    const verdict = signer.verify(
      LEAD_PHOTO,
      `${lead}/${position}`,
      { expires: c.req.query("expires"), signature: c.req.query("signature") },
      new Date(),
    );
    if (verdict === "invalid") return c.text("This link is not valid.", 403);
    if (verdict === "expired")
      return c.text("This link has expired; the photos are on the lead in the lead tools.", 410);
    const file = await leadPhotoFile(db, lead, Number(position));
    if (!file) return c.text("Not found", 404);
    return c.body(new Uint8Array(file.bytes), 200, {
      "Content-Type": file.contentType,
      "Content-Disposition": `inline; filename="trade-in-${position}.jpg"`,
      "Cache-Control": "private, no-store",
    });
  });
}
