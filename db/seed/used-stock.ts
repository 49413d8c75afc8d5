import { type CarShape, type Scene, type VehicleShape, vehicleImageUrl } from "../../core/media/shapes.ts";
import type { BodyType, FuelType, Transmission, VehicleState } from "../../core/inventory/used-query.ts";

/** A make/model that turns up as a trade-in or demo, with what it cost new (rand) and the fuels it came with. */
type UsedModelSpec = {
  name: string;
  slug: string;
  shape: VehicleShape;
  newPrice: number;
  fuels: FuelType[];
  trims: string[];
  motorcycle?: boolean;
  /** Honda models the dealers also run as demonstrators. */
  demo?: boolean;
};

type UsedMakeSpec = { name: string; slug: string; models: UsedModelSpec[] };

const m = (
  name: string,
  shape: VehicleShape,
  newPrice: number,
  fuels: FuelType[],
  trims: string[],
  extra: Partial<UsedModelSpec> = {},
): UsedModelSpec => ({ name, slug: slugify(name), shape, newPrice, fuels, trims, ...extra });

export const USED_MAKES: UsedMakeSpec[] = [
  {
    name: "Honda",
    slug: "honda",
    models: [
      m("Amaze", "sedan", 300_000, ["Petrol"], ["1.2 Trend", "1.2 Comfort CVT"], { demo: true }),
      m("Fit", "hatch", 380_000, ["Petrol", "Hybrid"], ["1.5 Comfort CVT", "1.5 Elegance CVT", "1.5 e:HEV Executive"], {
        demo: true,
      }),
      m("City Hatch", "hatch", 340_000, ["Petrol"], ["1.5 Comfort", "1.5 RS CVT"], { demo: true }),
      m("WR-V", "compact-suv", 390_000, ["Petrol"], ["1.2 Comfort", "1.2 Elegance CVT"], { demo: true }),
      m("BR-V", "mpv", 430_000, ["Petrol"], ["1.5 Trend", "1.5 Elegance CVT"], { demo: true }),
      m("HR-V", "compact-suv", 520_000, ["Petrol", "Hybrid"], ["1.5 Comfort CVT", "1.5 Elegance CVT"], { demo: true }),
      m("ZR-V", "compact-suv", 660_000, ["Petrol"], ["2.0 Sport CVT"], { demo: true }),
      m(
        "CR-V",
        "suv",
        780_000,
        ["Petrol", "Hybrid", "Diesel"],
        ["1.5T Comfort CVT", "1.5T Executive AWD", "2.0 e:HEV Advance"],
        { demo: true },
      ),
      m("Civic Type R", "hot-hatch", 1_100_000, ["Petrol"], ["2.0T Type R"], { demo: true }),
      m("Ballade", "sedan", 330_000, ["Petrol"], ["1.5 Trend", "1.5 Elegance CVT", "1.5 RS CVT"]),
      m("Jazz", "hatch", 280_000, ["Petrol", "Hybrid"], ["1.2 Trend", "1.5 Dynamic CVT", "1.3 Hybrid"]),
      m("Brio", "hatch", 190_000, ["Petrol"], ["1.2 Comfort", "1.2 Amaze Trend"]),
      m("Civic", "sedan", 480_000, ["Petrol"], ["1.8 Elegance CVT", "1.5T Sport CVT", "1.5T RS CVT"]),
      m("Accord", "sedan", 620_000, ["Petrol", "Hybrid"], ["2.4 Exclusive", "2.0 Hybrid"]),
      m("CRF1100L Africa Twin", "adventure", 320_000, ["Petrol"], ["Manual", "DCT", "Adventure Sports ES DCT"], {
        motorcycle: true,
      }),
      m("NC750X", "adventure", 185_000, ["Petrol"], ["Manual", "DCT"], { motorcycle: true }),
      m("CB650R", "naked", 165_000, ["Petrol"], ["Manual"], { motorcycle: true }),
      m("CBR650R", "sport", 175_000, ["Petrol"], ["Manual"], { motorcycle: true }),
      m("Rebel 500", "cruiser", 130_000, ["Petrol"], ["Manual"], { motorcycle: true }),
      m("PCX125", "scooter", 55_000, ["Petrol"], ["CVT"], { motorcycle: true }),
      m("CRF300L", "trail", 110_000, ["Petrol"], ["Manual"], { motorcycle: true }),
      m("GL1800 Gold Wing Tour", "tourer", 600_000, ["Petrol"], ["DCT"], { motorcycle: true }),
    ],
  },
  {
    name: "Toyota",
    slug: "toyota",
    models: [
      m("Corolla Cross", "compact-suv", 470_000, ["Petrol", "Hybrid"], ["1.8 Xi", "1.8 XS CVT", "1.8 Hybrid XR"]),
      m("Fortuner", "suv", 760_000, ["Diesel"], ["2.4GD-6 auto", "2.8GD-6 VX 4x4 auto"]),
      m("Hilux", "suv", 620_000, ["Diesel"], ["2.4GD-6 Raider double cab", "2.8GD-6 Legend 4x4 auto"]),
      m("Starlet", "hatch", 260_000, ["Petrol"], ["1.5 Xi", "1.5 XR auto"]),
      m("Urban Cruiser", "compact-suv", 340_000, ["Petrol"], ["1.5 Xi", "1.5 XR auto"]),
      m("RAV4", "suv", 690_000, ["Petrol", "Hybrid"], ["2.0 GX CVT", "2.5 Hybrid VX AWD"]),
    ],
  },
  {
    name: "Volkswagen",
    slug: "volkswagen",
    models: [
      m("Polo Vivo", "hatch", 280_000, ["Petrol"], ["1.4 Trendline", "1.0 TSI GT"]),
      m("Polo", "hatch", 370_000, ["Petrol"], ["1.0 TSI Life", "1.0 TSI R-Line DSG"]),
      m("T-Cross", "compact-suv", 450_000, ["Petrol"], ["1.0 TSI Comfortline DSG", "1.5 TSI R-Line DSG"]),
      m("Tiguan", "suv", 640_000, ["Petrol", "Diesel"], ["1.4 TSI Life DSG", "2.0 TDI R-Line 4Motion"]),
      m("Golf GTI", "hot-hatch", 800_000, ["Petrol"], ["2.0 TSI GTI DSG"]),
    ],
  },
  {
    name: "Ford",
    slug: "ford",
    models: [
      m("Ranger", "suv", 680_000, ["Diesel"], ["2.0 SiT XL double cab", "2.0 BiT Wildtrak 4x4 auto"]),
      m("Everest", "suv", 850_000, ["Diesel"], ["2.0 BiT XLT auto", "3.0 V6 Platinum 4WD"]),
      m("EcoSport", "compact-suv", 330_000, ["Petrol"], ["1.5 Ambiente", "1.0T Titanium auto"]),
      m("Fiesta", "hatch", 290_000, ["Petrol"], ["1.0T Trend", "1.0T Titanium auto"]),
    ],
  },
  {
    name: "Hyundai",
    slug: "hyundai",
    models: [
      m("Grand i10", "hatch", 230_000, ["Petrol"], ["1.0 Motion", "1.2 Fluid auto"]),
      m("i20", "hatch", 330_000, ["Petrol"], ["1.2 Motion", "1.0T N Line DCT"]),
      m("Creta", "compact-suv", 430_000, ["Petrol", "Diesel"], ["1.5 Executive IVT", "1.5 CRDi Executive auto"]),
      m("Tucson", "suv", 620_000, ["Petrol", "Diesel"], ["2.0 Premium auto", "2.0 CRDi Elite auto"]),
    ],
  },
  {
    name: "Kia",
    slug: "kia",
    models: [
      m("Picanto", "hatch", 220_000, ["Petrol"], ["1.0 Start", "1.2 X-Line auto"]),
      m("Sonet", "compact-suv", 340_000, ["Petrol"], ["1.5 LX", "1.5 EX+ CVT"]),
      m("Seltos", "compact-suv", 450_000, ["Petrol", "Diesel"], ["1.5 EX IVT", "1.5 CRDi EX+ auto"]),
      m("Sportage", "suv", 620_000, ["Petrol", "Diesel"], ["1.6T EX+ DCT", "2.0 CRDi SX AWD auto"]),
    ],
  },
  {
    name: "Nissan",
    slug: "nissan",
    models: [
      m("Magnite", "compact-suv", 300_000, ["Petrol"], ["1.0 Acenta", "1.0T Acenta Plus CVT"]),
      m("Almera", "sedan", 260_000, ["Petrol"], ["1.5 Acenta", "1.5 Acenta auto"]),
      m("Qashqai", "suv", 560_000, ["Petrol"], ["1.3T Acenta Xtronic", "1.3T Tekna Xtronic"]),
      m("Navara", "suv", 650_000, ["Diesel"], ["2.5DDTi SE double cab", "2.5DDTi Pro-4X 4x4 auto"]),
    ],
  },
  {
    name: "Mazda",
    slug: "mazda",
    models: [
      m("Mazda2", "hatch", 310_000, ["Petrol"], ["1.5 Active", "1.5 Dynamic auto"]),
      m("CX-3", "compact-suv", 420_000, ["Petrol"], ["2.0 Active", "2.0 Individual auto"]),
      m("CX-5", "suv", 600_000, ["Petrol", "Diesel"], ["2.0 Active auto", "2.2DE Akera AWD auto"]),
    ],
  },
  {
    name: "Suzuki",
    slug: "suzuki",
    models: [
      m("Swift", "hatch", 220_000, ["Petrol"], ["1.2 GA", "1.2 GLX AMT"]),
      m("Jimny", "compact-suv", 420_000, ["Petrol"], ["1.5 GLX", "1.5 GLX auto"]),
      m("Ertiga", "mpv", 300_000, ["Petrol"], ["1.5 GL", "1.5 GLX auto"]),
    ],
  },
  {
    name: "BMW",
    slug: "bmw",
    models: [
      m("3 Series", "sedan", 900_000, ["Petrol", "Diesel"], ["320i M Sport", "320d M Sport"]),
      m("X1", "compact-suv", 850_000, ["Petrol", "Diesel"], ["sDrive18i", "sDrive18d M Sport"]),
      m("X3", "suv", 1_150_000, ["Petrol", "Diesel", "Hybrid"], ["xDrive20d", "xDrive30e"]),
    ],
  },
  {
    name: "Mercedes-Benz",
    slug: "mercedes-benz",
    models: [
      m("A-Class", "hatch", 700_000, ["Petrol"], ["A200 Progressive", "A250 AMG Line"]),
      m("C-Class", "sedan", 950_000, ["Petrol", "Diesel"], ["C200 Avantgarde", "C220d AMG Line"]),
      m("GLC", "suv", 1_200_000, ["Petrol", "Diesel"], ["GLC220d 4Matic", "GLC300 4Matic"]),
    ],
  },
  {
    name: "Renault",
    slug: "renault",
    models: [
      m("Kwid", "hatch", 190_000, ["Petrol"], ["1.0 Expression", "1.0 Climber AMT"]),
      m("Kiger", "compact-suv", 290_000, ["Petrol"], ["1.0 Zen", "1.0T Intens CVT"]),
      m("Duster", "compact-suv", 380_000, ["Petrol", "Diesel"], ["1.6 Expression", "1.5 dCi Prestige EDC"]),
    ],
  },
];

const PAINTS: { name: string; hex: string }[] = [
  { name: "White", hex: "f4f5f2" },
  { name: "Silver", hex: "b8bcc2" },
  { name: "Grey", hex: "6b6f75" },
  { name: "Black", hex: "1d1e20" },
  { name: "Red", hex: "c8102e" },
  { name: "Blue", hex: "1f4e8c" },
  { name: "Bronze", hex: "8c6a4a" },
  { name: "Green", hex: "3e5c45" },
];

const SCENE_SETS: Scene[][] = [
  ["studio", "city", "coast"],
  ["studio", "mountain", "city", "coast"],
  ["city", "studio", "mountain"],
];

export type GeneratedVehicle = {
  dealerSlug: string;
  makeSlug: string;
  modelSlug: string;
  variant: string;
  year: number;
  mileageKm: number;
  price: number;
  transmission: Transmission;
  fuelType: FuelType;
  state: VehicleState;
  exteriorColor: string;
  bodyType: BodyType;
  images: string[];
  listedAt: Date;
  /** What the catalogue channels need (core/channels): plausible, not real. */
  vin: string;
  /** The dealer's DMS stock number (unique within the dealer): its code, U or D, and the VIN's last eight characters. */
  stockNumber: string;
  registration: string;
  mmCode: string;
  description: string;
};

/** The date the demo stock was "taken in" from; keeps every generated vehicle the same on every start. */
const STOCK_DATE = Date.UTC(2026, 10, 1);
const CURRENT_YEAR = 2026;

/**
 * Generates `count` plausible used and demo vehicles, the same every time for the same seed: car dealers
 * get trade-ins of many makes and Honda demonstrators, Honda Wing dealers get used motorcycles.
 */
export function* generateUsedVehicles(
  count: number,
  dealers: { slug: string; isWing: boolean; province?: string }[],
  seed = 20261122,
): Generator<GeneratedVehicle> {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const carDealers = dealers.filter((d) => !d.isWing);
  const wingDealers = dealers.filter((d) => d.isWing);
  const cars = USED_MAKES.flatMap((make) =>
    make.models.filter((model) => !model.motorcycle).map((model) => ({ make, model })),
  );
  const bikes = USED_MAKES.flatMap((make) =>
    make.models.filter((model) => model.motorcycle).map((model) => ({ make, model })),
  );
  const demos = cars.filter(({ model }) => model.demo);
  // The identifiers come from a generator of their own, so that the vehicles themselves stay as they were.
  const identifiers = identifierGenerator(seed);

  for (let i = 0; i < count; i++) {
    const isBike = wingDealers.length > 0 && random() < 0.12;
    const isDemo = !isBike && random() < 0.15;
    const dealer = pick(isBike ? wingDealers : carDealers);
    const { make, model } = pick(isBike ? bikes : isDemo ? demos : cars);
    const age = isDemo ? Math.floor(random() * 2) : Math.floor(random() * random() * 11) + 1;
    const year = Math.max(2014, CURRENT_YEAR - age);
    const yearsUsed = CURRENT_YEAR - year + 0.5;
    const mileageKm = isDemo
      ? 500 + Math.floor(random() * 14_500)
      : Math.round((yearsUsed * (isBike ? 6_000 : 16_000) * (0.5 + random())) / 100) * 100;
    const trim = pick(model.trims);
    const paint = pick(PAINTS);
    const depreciation = 0.86 ** yearsUsed * (1 - Math.min(mileageKm, 250_000) / 1_500_000);
    const price = Math.max(
      25_000,
      Math.round((model.newPrice * depreciation * (0.93 + random() * 0.14)) / 1_000) * 1_000 - 100,
    );
    const transmission = transmissionOf(trim, model, random);
    const fuelType = fuelOf(trim, model, pick);
    const ids = identifiers(make.slug, year, dealer.province ?? "Gauteng");
    yield {
      dealerSlug: dealer.slug,
      makeSlug: make.slug,
      modelSlug: model.slug,
      variant: trim,
      year,
      mileageKm,
      price,
      transmission,
      fuelType,
      state: isDemo ? "Demo" : "Used",
      exteriorColor: paint.name,
      bodyType: bodyTypeOf(model),
      images: pick(SCENE_SETS).map((scene) => vehicleImageUrl(model.shape, paint.hex, scene)),
      listedAt: new Date(STOCK_DATE - Math.floor(random() * 120 * 24) * 3_600_000),
      ...ids,
      stockNumber: stockNumberOf(dealer.slug, isDemo, ids.vin),
      mmCode: mmCodeOf(make.slug, model.slug, trim),
      description: descriptionOf({
        year,
        make: make.name,
        model: model.name,
        trim,
        mileageKm,
        paint: paint.name,
        transmission,
        fuelType,
        isDemo,
        isBike,
      }),
    };
  }
}

/** World manufacturer identifiers by make (the first three characters of a VIN); others get a generic one. */
const WMI: Record<string, string> = {
  honda: "MRH",
  toyota: "AHT",
  volkswagen: "AAV",
  ford: "AFA",
  nissan: "ADN",
  bmw: "WBA",
  "mercedes-benz": "WDD",
  hyundai: "KMH",
  kia: "KNA",
  mazda: "JMZ",
  suzuki: "MA3",
  renault: "VF1",
};
/** VIN characters: letters and digits without I, O and Q. */
const VIN_CHARACTERS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
const YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789";
const PLATE_LETTERS = "BCDFGHJKLMNPRSTVWXYZ";
const PROVINCE_PLATES: Record<string, (n: () => number, letters: () => string) => string> = {
  Gauteng: (n, letters) => `${letters()}${letters()} ${String(n() % 100).padStart(2, "0")} ${letters()}${letters()} GP`,
  "Western Cape": (n) => `CA ${String(n() % 1000).padStart(3, "0")}-${String(n() % 1000).padStart(3, "0")}`,
  "KwaZulu-Natal": (n, letters) => `N${letters()} ${String(n() % 100000).padStart(5, "0")}`,
};

/**
 * A plausible VIN (17 characters without I, O or Q; the check digit is not computed), the dealer's DMS
 * stock number, a registration in the province's format and, per vehicle, unique enough that a large
 * seed (a benchmark's 100 000) never repeats a VIN: ten random characters of 33 each.
 */
function identifierGenerator(seed: number) {
  const random = mulberry32(seed ^ 0x5bd1e995);
  const char = (alphabet: string) => alphabet[Math.floor(random() * alphabet.length)]!;
  const chars = (alphabet: string, n: number) => Array.from({ length: n }, () => char(alphabet)).join("");
  const number = () => Math.floor(random() * 1_000_000);
  return (makeSlug: string, year: number, province: string) => {
    const serial = chars(VIN_CHARACTERS, 10);
    const vin = `${WMI[makeSlug] ?? "AAA"}${serial.slice(0, 5)}${char("0123456789X")}${YEAR_CODES[(year - 2010) % YEAR_CODES.length]}${serial.slice(5)}${chars("0123456789", 2)}`;
    const plate =
      PROVINCE_PLATES[province] ??
      ((n, letters) =>
        `${letters()}${letters()}${letters()} ${String(n() % 1000).padStart(3, "0")} ${province === "Free State" ? "FS" : "MP"}`);
    return { vin, registration: plate(number, () => char(PLATE_LETTERS)) };
  };
}

/**
 * A DMS stock number as many dealers make them: the branch's code, U for used or D for a demonstrator, and the
 * VIN's last eight characters, so that stock added later to the same dealer (a benchmark's large stock) never
 * repeats one. "honda-menlyn" is MEN, "honda-wing-durban" WDU.
 */
export function stockNumberOf(dealerSlug: string, isDemo: boolean, vin: string): string {
  const words = dealerSlug.replace(/^honda-/, "").split("-");
  const branch = words[0] === "wing" ? `W${words.slice(1).join("").slice(0, 2)}` : words.join("").slice(0, 3);
  return `${branch.toUpperCase()}${isDemo ? "D" : "U"}-${vin.slice(-8)}`;
}

/** An eight-digit Mead & McGrouther-style code, the same for the same make, model and variant. */
function mmCodeOf(makeSlug: string, modelSlug: string, trim: string): string {
  let hash = 2166136261;
  for (const c of `${makeSlug}/${modelSlug}/${trim}`) hash = Math.imul(hash ^ c.charCodeAt(0), 16777619) >>> 0;
  return String(hash % 100_000_000).padStart(8, "0");
}

function descriptionOf(v: {
  year: number;
  make: string;
  model: string;
  trim: string;
  mileageKm: number;
  paint: string;
  transmission: string;
  fuelType: string;
  isDemo: boolean;
  isBike: boolean;
}): string {
  const kind = v.isDemo ? "demonstrator" : v.isBike ? "motorcycle" : "car";
  const km = v.mileageKm.toLocaleString("en-ZA").replace(/,/g, " ");
  return `${v.year} ${v.make} ${v.model} ${v.trim} ${kind} in ${v.paint.toLowerCase()}, ${km} km, ${v.transmission.toLowerCase()}, ${v.fuelType.toLowerCase()}. Inspected by our workshop, with its service book and spare keys.`;
}

/** Pick-ups are drawn with the SUV shape; their names say what they are. */
const BAKKIES = new Set(["Hilux", "Ranger", "Navara"]);

/** Every car shape has its body type (a new shape does not compile until it has one), so no vehicle is seeded as 'Other'. */
const CAR_BODY_TYPES: Record<CarShape, BodyType> = {
  hatch: "Hatchback",
  "hot-hatch": "Hatchback",
  sedan: "Sedan",
  mpv: "MPV",
  suv: "SUV",
  "compact-suv": "SUV",
};

export function bodyTypeOf(model: UsedModelSpec): BodyType {
  if (model.motorcycle) return "Motorcycle";
  if (BAKKIES.has(model.name)) return "Bakkie";
  const body = CAR_BODY_TYPES[model.shape as CarShape] as BodyType | undefined;
  if (!body) throw new Error(`${model.name}: a car drawn as a ${model.shape} has no body type`);
  return body;
}

const HYBRID_HINT = /hybrid|e:hev|30e$/i;
const DIESEL_HINT = /gd-6|dci|ddti|tdi|crdi|\bbit\b|\bsit\b|2\.2de|(320d|18d|20d|220d)\b/i;

function fuelOf(trim: string, model: UsedModelSpec, pick: <T>(items: readonly T[]) => T): FuelType {
  if (HYBRID_HINT.test(trim)) return "Hybrid";
  if (DIESEL_HINT.test(trim)) return "Diesel";
  if (model.fuels.length === 1 && model.fuels[0] === "Diesel") return "Diesel";
  return model.fuels.includes("Petrol") ? "Petrol" : pick(model.fuels);
}

const AUTOMATIC_HINT = /auto|cvt|dsg|dct|ivt|xtronic|amt|edc|hybrid|e:hev|4matic|xdrive|sdrive|gti/i;

function transmissionOf(trim: string, model: UsedModelSpec, random: () => number): Transmission {
  if (AUTOMATIC_HINT.test(trim)) return "Automatic";
  if (model.motorcycle) return "Manual";
  return random() < 0.25 ? "Automatic" : "Manual";
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** A small, fast, seedable pseudo-random generator (mulberry32). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
