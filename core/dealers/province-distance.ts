import { PROVINCES, type Province } from "../inventory/used-query.ts";

/** Each province's largest city (latitude, longitude): distances between provinces are measured between them. */
const CENTRES: Record<Province, [number, number]> = {
  "Eastern Cape": [-33.96, 25.6], // Gqeberha
  "Free State": [-29.12, 26.21], // Bloemfontein
  Gauteng: [-26.2, 28.05], // Johannesburg
  "KwaZulu-Natal": [-29.86, 31.02], // Durban
  Limpopo: [-23.9, 29.45], // Polokwane
  Mpumalanga: [-25.47, 30.97], // Mbombela
  "North West": [-25.67, 27.24], // Rustenburg
  "Northern Cape": [-28.74, 24.77], // Kimberley
  "Western Cape": [-33.92, 18.42], // Cape Town
};

/** Roads are longer than the straight line; 1.25 is a fair average for South Africa's national roads. */
const ROAD_FACTOR = 1.25;

export function isProvince(value: string | null | undefined): value is Province {
  return (PROVINCES as readonly string[]).includes(value ?? "");
}

/**
 * About how far by road a buyer in one province is from a dealer in another (0 in the same province),
 * rounded to 10 km: enough to weigh a trip, not a route planner.
 */
export function provinceDistanceKm(from: Province, to: Province): number {
  if (from === to) return 0;
  const [lat1, lon1] = CENTRES[from].map((d) => (d * Math.PI) / 180) as [number, number];
  const [lat2, lon2] = CENTRES[to].map((d) => (d * Math.PI) / 180) as [number, number];
  const h = Math.sin((lat2 - lat1) / 2) ** 2 + Math.cos(lat1) * Math.cos(lat2) * Math.sin((lon2 - lon1) / 2) ** 2;
  const km = 2 * 6371 * Math.asin(Math.sqrt(h)) * ROAD_FACTOR;
  return Math.round(km / 10) * 10;
}
