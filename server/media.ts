import { type Context, Hono } from "hono";
import { findRangeModel } from "../core/catalogue/ranges.ts";
import { renderBannerSvg } from "../core/media/banner-art.ts";
import { BLOG_THEMES, type BlogTheme, renderBlogSvg } from "../core/media/blog-art.ts";
import { renderBrochurePdf } from "../core/media/brochure-pdf.ts";
import { renditionFile } from "../core/media/image-pipeline.ts";
import { renderUploadSvg } from "../core/media/upload-art.ts";
import { renderVehicleSvg } from "../core/media/vehicle-art.ts";
import { SCENES, type Scene, VEHICLE_SHAPES, type VehicleShape } from "../core/media/shapes.ts";
import type { Database } from "../db/client.ts";
import type { ReadModels } from "../core/shared/read-model.ts";

const HEX = /^[0-9a-f]{6}$/;

const svg = (c: Context, body: string) =>
  c.body(body, 200, { "Content-Type": "image/svg+xml; charset=utf-8" });

const isShape = (value: string): value is VehicleShape => (VEHICLE_SHAPES as readonly string[]).includes(value);
const isScene = (value: string): value is Scene => (SCENES as readonly string[]).includes(value);
const isTheme = (value: string): value is BlogTheme => (BLOG_THEMES as readonly string[]).includes(value);
const withoutExtension = (file: string, extension: string) =>
  file.endsWith(extension) ? file.slice(0, -extension.length) : null;

/** The app's own artwork (vehicle pictures, banners, blog headers, specials, brochures) and the renditions of uploaded photos. */
export function mediaRoutes(db: Database, readModels: ReadModels): Hono {
  return new Hono()
    .get("/media/images/:file", async (c) => {
      const file = await renditionFile(db, c.req.param("file"));
      if (!file) return c.notFound();
      // The name is a hash of these bytes (and their image), so the answer is cached as immutable (server/middleware/caching.ts).
      return c.body(new Uint8Array(file.bytes), 200, { "Content-Type": file.contentType });
    })
    .get("/media/vehicles/:shape/:hex/:file", (c) => {
      const { shape, hex } = c.req.param();
      const scene = withoutExtension(c.req.param("file"), ".svg");
      if (!isShape(shape) || !HEX.test(hex) || !scene || !isScene(scene)) return c.notFound();
      return svg(c, renderVehicleSvg(shape, hex, scene));
    })
    .get("/media/banners/:shape/:file", (c) => {
      const shape = c.req.param("shape");
      const hex = withoutExtension(c.req.param("file"), ".svg");
      if (!isShape(shape) || !hex || !HEX.test(hex)) return c.notFound();
      return svg(c, renderBannerSvg(shape, hex));
    })
    .get("/media/blog/:file", (c) => {
      const theme = withoutExtension(c.req.param("file"), ".svg");
      if (!theme || !isTheme(theme)) return c.notFound();
      return svg(c, renderBlogSvg(theme));
    })
    .get("/uploads/:file", (c) => {
      const picture = renderUploadSvg(c.req.param("file"));
      return picture ? svg(c, picture) : c.notFound();
    })
    .get("/media/brochures/:make/:file", async (c) => {
      const modelSlug = withoutExtension(c.req.param("file"), ".pdf");
      const model = modelSlug ? await findRangeModel(readModels, c.req.param("make"), modelSlug, "car") : null;
      if (!model) return c.notFound();
      const pdf = renderBrochurePdf({
        make: model.make,
        model: model.model,
        description: model.description,
        variants: model.variants.map((v) => ({
          name: v.variant,
          price: v.modelPrice,
          powerKw: v.power,
          torqueNm: v.torque,
          transmission: v.transmission,
        })),
        colours: model.color.map((colour) => colour.name),
      });
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${model.make}-${model.model_slug}-brochure.pdf"`,
      });
    });
}
