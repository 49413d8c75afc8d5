/**
 * Where a dealer is, drawn on this site (no map tiles, scripts or frames from another host): the outline of South
 * Africa with a pin on the dealer's town. Longitude and latitude are projected equirectangularly, the longitude
 * shortened by the cosine of 29° south so that the country keeps its shape.
 */

type LonLat = readonly [lon: number, lat: number];

/** South Africa's border and coast, clockwise from the mouth of the Orange River, to about a tenth of a degree. */
const SOUTH_AFRICA: readonly LonLat[] = [
  [16.45, -28.63],
  [17.4, -28.7],
  [18.2, -28.9],
  [19.0, -28.9],
  [20.0, -28.4],
  [20.0, -24.75],
  [20.8, -25.6],
  [20.7, -26.9],
  [22.6, -26.0],
  [24.0, -25.6],
  [25.6, -25.7],
  [26.9, -24.7],
  [27.6, -23.4],
  [28.6, -22.6],
  [29.4, -22.2],
  [31.3, -22.4],
  [31.6, -23.5],
  [32.0, -24.5],
  [31.95, -25.45],
  [32.0, -26.3],
  [32.89, -26.87],
  [32.4, -28.4],
  [32.1, -28.8],
  [31.05, -29.87],
  [30.45, -30.75],
  [29.55, -31.6],
  [27.9, -33.0],
  [26.9, -33.6],
  [25.7, -34.05],
  [24.85, -34.2],
  [23.05, -34.07],
  [22.15, -34.18],
  [20.0, -34.83],
  [19.2, -34.42],
  [18.5, -34.35],
  [18.42, -33.92],
  [17.9, -33.0],
  [18.3, -32.1],
  [17.27, -30.3],
  [16.87, -29.25],
];

/** Lesotho, inside South Africa. */
const LESOTHO: readonly LonLat[] = [
  [27.0, -29.65],
  [27.75, -28.9],
  [28.6, -28.6],
  [29.4, -29.4],
  [29.1, -30.1],
  [28.2, -30.6],
  [27.4, -30.3],
];

/** Towns the group's dealers are in. */
const TOWNS: Readonly<Record<string, LonLat>> = {
  sandton: [28.06, -26.11],
  midrand: [28.13, -25.99],
  johannesburg: [28.05, -26.2],
  pretoria: [28.19, -25.75],
  menlyn: [28.28, -25.78],
  "cape town": [18.42, -33.92],
  umhlanga: [31.08, -29.73],
  durban: [31.03, -29.86],
  gqeberha: [25.6, -33.96],
  "port elizabeth": [25.6, -33.96],
  "east london": [27.91, -33.02],
  bloemfontein: [26.21, -29.12],
  kimberley: [24.76, -28.74],
  polokwane: [29.45, -23.9],
  mbombela: [30.97, -25.47],
  nelspruit: [30.97, -25.47],
  rustenburg: [27.24, -25.67],
  george: [22.46, -33.96],
  stellenbosch: [18.86, -33.93],
  pietermaritzburg: [30.38, -29.6],
};

/** A province's middle, for a dealer in a town the list above does not know. */
const PROVINCES: Readonly<Record<string, LonLat>> = {
  gauteng: [28.1, -26.2],
  "western cape": [20.5, -33.3],
  "kwazulu-natal": [30.8, -28.8],
  "eastern cape": [26.4, -32.3],
  "free state": [26.6, -28.5],
  "northern cape": [21.9, -29.5],
  limpopo: [29.4, -23.8],
  mpumalanga: [30.0, -25.9],
  "north west": [25.8, -26.3],
};

const WEST = 16.2;
const NORTH = -22.0;
const X_SCALE = Math.cos((29 * Math.PI) / 180);
/** Drawing units per degree of latitude. */
const UNIT = 9;
const WIDTH = Math.round((33.1 - WEST) * X_SCALE * UNIT);
const HEIGHT = Math.round((-35.0 - NORTH) * -UNIT);

function project([lon, lat]: LonLat): [number, number] {
  return [(lon - WEST) * X_SCALE * UNIT, (NORTH - lat) * UNIT];
}

function outline(points: readonly LonLat[]): string {
  return `${points
    .map(
      (point, index) =>
        `${index === 0 ? "M" : "L"}${project(point)
          .map((n) => n.toFixed(1))
          .join(" ")}`,
    )
    .join("")}Z`;
}

const COUNTRY_PATH = outline(SOUTH_AFRICA);
const LESOTHO_PATH = outline(LESOTHO);

/** Where a dealer's pin goes: its town, else the middle of its province, else the middle of the country. */
function dealerLonLat(city: string, province: string): LonLat {
  return TOWNS[city.trim().toLowerCase()] ?? PROVINCES[province.trim().toLowerCase()] ?? [25.0, -29.0];
}

/** The dealer's town on a map of South Africa, named for screen readers. */
export function DealerMap({ dealerName, city, province }: { dealerName: string; city: string; province: string }) {
  const [x, y] = project(dealerLonLat(city, province));
  return (
    <svg
      role="img"
      aria-label={`Map of South Africa: ${dealerName} in ${city}, ${province}`}
      viewBox={`-8 -6 ${WIDTH + 16} ${HEIGHT + 12}`}
      width={WIDTH + 16}
      height={HEIGHT + 12}
      className="h-32 w-full bg-[#dbe7ee]"
      preserveAspectRatio="xMidYMid meet"
    >
      <path d={COUNTRY_PATH} fill="#f4f1e8" stroke="#9aa5ad" strokeWidth="1" strokeLinejoin="round" />
      <path d={LESOTHO_PATH} fill="#e6e2d6" stroke="#b8bfc4" strokeWidth="0.8" />
      <g data-map-pin="" transform={`translate(${x.toFixed(1)} ${y.toFixed(1)})`}>
        <circle r="9" fill="#c8102e" opacity="0.18" />
        <path d="M0 0c-5-7-8-10-8-14a8 8 0 0 1 16 0c0 4-3 7-8 14z" fill="#c8102e" stroke="#fff" strokeWidth="1.2" />
        <circle cy="-14" r="3" fill="#fff" />
      </g>
    </svg>
  );
}
