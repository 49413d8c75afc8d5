/** The body shapes the artwork can draw; every vehicle in the catalogue names one. */
export const CAR_SHAPES = ["hatch", "sedan", "compact-suv", "suv", "hot-hatch", "mpv"] as const;
export const MOTORCYCLE_SHAPES = ["adventure", "sport", "naked", "cruiser", "scooter", "tourer", "trail"] as const;
export const VEHICLE_SHAPES = [...CAR_SHAPES, ...MOTORCYCLE_SHAPES] as const;
export type VehicleShape = (typeof VEHICLE_SHAPES)[number];
export type CarShape = (typeof CAR_SHAPES)[number];

/** Backdrops for photos of one vehicle: a studio and three South African scenes. */
export const SCENES = ["studio", "city", "coast", "mountain"] as const;
export type Scene = (typeof SCENES)[number];

/** The home-page and Honda Wing banner backdrops are drawn at this size. */
export const BANNER_SIZE = { width: 1600, height: 600 } as const;

/** A special's promotional picture (`/uploads/...`) is drawn at this size. */
export const UPLOAD_IMAGE_SIZE = { width: 1200, height: 600 } as const;

/** A blog post's header illustration is drawn at this size (16:9). */
export const BLOG_IMAGE_SIZE = { width: 1200, height: 675 } as const;

/** Every vehicle picture is drawn at this size (16:10). */
export const VEHICLE_IMAGE_SIZE = { width: 800, height: 500 } as const;

/** URL of a vehicle picture served by the app; `hex` is six hex digits without '#'. */
export function vehicleImageUrl(shape: VehicleShape, hex: string, scene: Scene = "studio"): string {
  return `/media/vehicles/${shape}/${hex.replace("#", "").toLowerCase()}/${scene}.svg`;
}
