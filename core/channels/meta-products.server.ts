import { absolute, type Channel, titleOf } from "./channel.ts";
import {
  descriptionProblems,
  imageProblems,
  priceWithCurrency,
  publishableImages,
  vinProblems,
} from "./rules.server.ts";

/**
 * Meta's general product catalogue, for Honda Wing motorcycles: Meta's automotive catalogue has no
 * motorcycle body style. Meta's products have no pending state, so a reserved motorcycle is absent.
 */

const MIN_DESCRIPTION = 50;
/** Meta takes up to 10 more pictures, comma-separated, after the main one. */
const ADDITIONAL_IMAGES = 10;

const takesBody = (bodyType: string) => bodyType === "Motorcycle";

export const metaProducts: Channel = {
  id: "meta-products",
  label: "Meta products (motorcycles)",
  fetcher: "Meta",
  formats: ["csv"],
  columns: [
    "id",
    "title",
    "description",
    "availability",
    "condition",
    "price",
    "link",
    "image_link",
    "additional_image_link",
    "brand",
  ],
  takes: takesBody,
  carries: (vehicle) => takesBody(vehicle.bodyType) && vehicle.status === "Available",
  map(vehicle, { siteUrl }) {
    const problems = [
      ...vinProblems(vehicle.vin),
      ...imageProblems(vehicle.images),
      ...descriptionProblems(vehicle.description, MIN_DESCRIPTION),
    ];
    if (problems.length > 0) return { problems };
    const [main, ...more] = publishableImages(vehicle.images).map((image) => absolute(siteUrl, image.path));
    return {
      row: {
        id: vehicle.vin!,
        title: titleOf(vehicle),
        description: vehicle.description!.trim(),
        availability: "in stock",
        condition: "used",
        price: priceWithCurrency(vehicle.price),
        link: absolute(siteUrl, vehicle.path),
        image_link: main!,
        additional_image_link: more.slice(0, ADDITIONAL_IMAGES).join(","),
        brand: vehicle.make,
      },
    };
  },
};
