import { type Context, Hono } from "hono";
import { readBrochure } from "../core/catalogue/range-admin.server.ts";
import { findRangeModel } from "../core/catalogue/ranges.server.ts";
import { renderBannerSvg } from "../core/media/banner-art.ts";
import { BLOG_THEMES, type BlogTheme, renderBlogSvg } from "../core/media/blog-art.ts";
import { renderBrochurePdf } from "../core/media/brochure-pdf.ts";
import { renderSvgAsJpeg, renditionFile } from "../core/media/image-pipeline.server.ts";
import { ARTWORK_JPEG_SIZE } from "../core/channels/channel-vehicle.server.ts";
import { renderUploadSvg } from "../core/media/upload-art.ts";
import { renderVehicleSvg } from "../core/media/vehicle-art.ts";
import { SCENES, type Scene, VEHICLE_IMAGE_SIZE, VEHICLE_SHAPES, type VehicleShape } from "../core/media/shapes.ts";
import type { Database } from "../db/client.ts";
import type { ReadModels } from "../core/shared/read-model.server.ts";

const HEX = /^[0-9a-f]{6}$/;

/** The drawings rendered to JPEG lately (a channel fetches each picture of a new vehicle once; the drawings repeat across vehicles). */
class RecentJpegs {
  readonly #entries = new Map<string, Promise<Buffer>>();
  constructor(private readonly maxEntries: number) {}

  get(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.#entries.get(key);
    if (hit) return hit;
    const made = render();
    made.catch(() => this.#entries.delete(key));
    if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, made);
    return made;
  }
}
const artworkJpegs = new RecentJpegs(128);

const svg = (c: Context, body: string) => c.body(body, 200, { "Content-Type": "image/svg+xml; charset=utf-8" });

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
    .get("/media/vehicles/:shape/:hex/:file", async (c) => {
      const { shape, hex, file } = c.req.param();
      const scene = withoutExtension(file, ".svg") ?? withoutExtension(file, ".jpg");
      if (!isShape(shape) || !HEX.test(hex) || !scene || !isScene(scene)) return c.notFound();
      if (file.endsWith(".svg")) return svg(c, renderVehicleSvg(shape, hex, scene));
      // The catalogue channels' copy (core/channels/channel-vehicle.server.ts): they take JPEG or PNG, never SVG.
      const jpeg = await artworkJpegs.get(`${shape}/${hex}/${scene}`, () =>
        renderSvgAsJpeg(renderVehicleSvg(shape, hex, scene), ARTWORK_JPEG_SIZE.width, VEHICLE_IMAGE_SIZE.width),
      );
      return c.body(new Uint8Array(jpeg), 200, { "Content-Type": "image/jpeg" });
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
    .get("/media/brochure-files/:file", async (c) => {
      const pdf = await readBrochure(db, withoutExtension(c.req.param("file"), ".pdf") ?? "");
      if (!pdf) return c.notFound();
      // Named by the SHA-256 of its bytes, so cached as immutable like the image renditions.
      return c.body(new Uint8Array(pdf), 200, { "Content-Type": "application/pdf" });
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
