/** The body shapes the artwork can draw; every vehicle in the catalogue names one. */
export const CAR_SHAPES = ["hatch", "sedan", "compact-suv", "suv", "hot-hatch", "mpv"] as const;
export const MOTORCYCLE_SHAPES = ["adventure", "sport", "naked", "cruiser", "scooter", "tourer", "trail"] as const;
export const VEHICLE_SHAPES = [...CAR_SHAPES, ...MOTORCYCLE_SHAPES] as const;
export type VehicleShape = (typeof VEHICLE_SHAPES)[number];

/** Backdrops for photos of one vehicle: a studio and three South African scenes. */
export const SCENES = ["studio", "city", "coast", "mountain"] as const;
export type Scene = (typeof SCENES)[number];

/** Every vehicle picture is drawn at this size (16:10). */
export const VEHICLE_IMAGE_SIZE = { width: 800, height: 500 } as const;

/** URL of a vehicle picture served by the app; `hex` is six hex digits without '#'. */
export function vehicleImageUrl(shape: VehicleShape, hex: string, scene: Scene = "studio"): string {
  return `/media/vehicles/${shape}/${hex.replace("#", "").toLowerCase()}/${scene}.svg`;
}
