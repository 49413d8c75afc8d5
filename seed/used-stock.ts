import { type CarShape, type Scene, type VehicleShape, vehicleImageUrl } from "../core/media/shapes.ts";
import type { BodyType, FuelType, Transmission, VehicleState } from "../core/inventory/used-query.ts";

/**
 * A variant as it was sold new in South Africa: its gearbox, its fuel and the model years it was on sale
 * (`to` absent: still on sale). A used vehicle of the seed is always one of these, of one of those years.
 */
export type UsedVariantSpec = { name: string; transmission: Transmission; fuel: FuelType; from: number; to?: number };

/** A make/model that turns up as a trade-in or demo, with what it cost new (rand) and its South African variants. */
export type UsedModelSpec = {
  name: string;
  slug: string;
  shape: VehicleShape;
  newPrice: number;
  variants: UsedVariantSpec[];
  motorcycle?: boolean;
  /** Honda models the dealers also run as demonstrators. */
  demo?: boolean;
};

type UsedMakeSpec = { name: string; slug: string; models: UsedModelSpec[] };

type Years = [from: number, to?: number];

const variant =
  (transmission: Transmission) =>
  (name: string, [from, to]: Years, fuel: FuelType = "Petrol"): UsedVariantSpec => ({
    name,
    transmission,
    fuel,
    from,
    ...(to === undefined ? {} : { to }),
  });
/** A variant with a manual gearbox. */
const mt = variant("Manual");
/** A variant with an automatic gearbox (torque converter, CVT, DCT, DSG, AMT). */
const at = variant("Automatic");

const m = (
  name: string,
  shape: VehicleShape,
  newPrice: number,
  variants: UsedVariantSpec[],
  extra: Partial<UsedModelSpec> = {},
): UsedModelSpec => ({ name, slug: slugify(name), shape, newPrice, variants, ...extra });

const HONDA: UsedModelSpec[] = [
  m("Amaze", "sedan", 300_000, [mt("1.2 Trend", [2018]), mt("1.2 Comfort", [2018]), at("1.2 Comfort CVT", [2018])], {
    demo: true,
  }),
  m(
    "Fit",
    "hatch",
    380_000,
    [at("1.5 Comfort CVT", [2021]), at("1.5 Elegance CVT", [2021]), at("1.5 e:HEV Executive", [2021], "Hybrid")],
    { demo: true },
  ),
  m(
    "City Hatch",
    "hatch",
    340_000,
    [at("1.5 Comfort CVT", [2024]), at("1.5 RS CVT", [2024]), at("1.5 RS e:HEV", [2024], "Hybrid")],
    { demo: true },
  ),
  m(
    "WR-V",
    "compact-suv",
    390_000,
    [mt("1.2 Trend", [2023]), at("1.2 Comfort CVT", [2023]), at("1.2 Elite CVT", [2023])],
    {
      demo: true,
    },
  ),
  m("BR-V", "mpv", 430_000, [mt("1.5 Trend", [2017]), at("1.5 Comfort CVT", [2017]), at("1.5 Elegance CVT", [2017])], {
    demo: true,
  }),
  m(
    "HR-V",
    "compact-suv",
    520_000,
    [
      at("1.8 Elegance CVT", [2015, 2021]),
      at("1.5 Comfort CVT", [2015]),
      at("1.5 Elegance CVT", [2022]),
      at("1.5 e:HEV Advance", [2022], "Hybrid"),
    ],
    { demo: true },
  ),
  m("ZR-V", "compact-suv", 660_000, [at("2.0 Elegance CVT", [2023]), at("2.0 e:HEV Advance", [2023], "Hybrid")], {
    demo: true,
  }),
  m(
    "CR-V",
    "suv",
    780_000,
    [
      at("2.4 Exclusive AWD auto", [2014, 2017]),
      at("1.6 i-DTEC Exclusive AWD auto", [2016, 2017], "Diesel"),
      at("2.0 Comfort CVT", [2018, 2023]),
      at("1.5T Comfort CVT", [2024]),
      at("1.5T Elegance CVT", [2024]),
      at("1.5T Executive AWD CVT", [2018]),
      at("2.0 e:HEV Advance AWD", [2024], "Hybrid"),
    ],
    { demo: true },
  ),
  m("Civic Type R", "hot-hatch", 1_100_000, [mt("2.0T Type R", [2017, 2021]), mt("2.0T Type R 6MT", [2023])], {
    demo: true,
  }),
  m("Ballade", "sedan", 330_000, [
    mt("1.5 Trend", [2014, 2024]),
    at("1.5 Elegance CVT", [2014, 2024]),
    at("1.5 RS CVT", [2020, 2024]),
  ]),
  m("Jazz", "hatch", 280_000, [
    mt("1.2 Trend", [2014, 2020]),
    at("1.5 Dynamic CVT", [2015, 2020]),
    at("1.3 Hybrid", [2014, 2015], "Hybrid"),
  ]),
  m("Brio", "hatch", 190_000, [mt("1.2 Comfort", [2014, 2019]), at("1.2 Comfort auto", [2014, 2019])]),
  m("Civic", "sedan", 480_000, [
    at("1.8 Elegance auto", [2014, 2015]),
    at("1.8 Elegance CVT", [2016, 2021]),
    at("1.5T Sport CVT", [2016, 2021]),
    at("1.5T RS CVT", [2019, 2021]),
  ]),
  m("Accord", "sedan", 620_000, [
    at("2.4 Exclusive", [2014, 2018]),
    at("2.0 Hybrid", [2016, 2018], "Hybrid"),
    at("1.5T Exclusive CVT", [2019, 2021]),
  ]),
  m(
    "CRF1100L Africa Twin",
    "adventure",
    320_000,
    [mt("Manual", [2020]), at("DCT", [2020]), at("Adventure Sports ES DCT", [2020])],
    { motorcycle: true },
  ),
  m("NC750X", "adventure", 185_000, [mt("Manual", [2014]), at("DCT", [2014])], { motorcycle: true }),
  m("CB650R", "naked", 165_000, [mt("Manual", [2019])], { motorcycle: true }),
  m("CBR650R", "sport", 175_000, [mt("Manual", [2019])], { motorcycle: true }),
  m("Rebel 500", "cruiser", 130_000, [mt("Manual", [2017])], { motorcycle: true }),
  m("PCX125", "scooter", 55_000, [at("Automatic", [2014])], { motorcycle: true }),
  m("CRF300L", "trail", 110_000, [mt("Manual", [2021])], { motorcycle: true }),
  m("GL1800 Gold Wing Tour", "tourer", 600_000, [at("Tour DCT", [2018])], { motorcycle: true }),
];

const OTHER_MAKES: UsedMakeSpec[] = [
  {
    name: "Toyota",
    slug: "toyota",
    models: [
      m("Corolla Cross", "compact-suv", 470_000, [
        at("1.8 Xi CVT", [2021]),
        at("1.8 XS CVT", [2021]),
        at("1.8 Hybrid XR", [2021], "Hybrid"),
      ]),
      m("Fortuner", "suv", 760_000, [
        mt("2.4GD-6", [2016], "Diesel"),
        at("2.4GD-6 auto", [2016], "Diesel"),
        at("2.8GD-6 VX 4x4 auto", [2021], "Diesel"),
      ]),
      m("Hilux", "suv", 620_000, [
        mt("2.4GD-6 Raider double cab", [2016], "Diesel"),
        at("2.8GD-6 Legend 4x4 auto", [2021], "Diesel"),
      ]),
      m("Starlet", "hatch", 260_000, [mt("1.5 Xi", [2020]), at("1.5 XR auto", [2020])]),
      m("Urban Cruiser", "compact-suv", 340_000, [mt("1.5 Xi", [2021]), at("1.5 XR auto", [2021])]),
      m("RAV4", "suv", 690_000, [at("2.0 GX CVT", [2019]), at("2.5 Hybrid VX AWD", [2020], "Hybrid")]),
    ],
  },
  {
    name: "Volkswagen",
    slug: "volkswagen",
    models: [
      m("Polo Vivo", "hatch", 280_000, [mt("1.4 Trendline", [2014]), mt("1.0 TSI GT", [2018])]),
      m("Polo", "hatch", 370_000, [
        mt("1.0 TSI Comfortline", [2018, 2021]),
        mt("1.0 TSI Life", [2022]),
        at("1.0 TSI R-Line DSG", [2022]),
      ]),
      m("T-Cross", "compact-suv", 450_000, [at("1.0 TSI Comfortline DSG", [2019]), at("1.5 TSI R-Line DSG", [2020])]),
      m("Tiguan", "suv", 640_000, [
        at("1.4 TSI Comfortline DSG", [2016, 2020]),
        at("1.4 TSI Life DSG", [2021]),
        at("2.0 TDI R-Line 4Motion DSG", [2021], "Diesel"),
      ]),
      m("Golf GTI", "hot-hatch", 800_000, [at("2.0 TSI GTI DSG", [2014])]),
    ],
  },
  {
    name: "Ford",
    slug: "ford",
    models: [
      m("Ranger", "suv", 680_000, [
        mt("2.2 TDCi XLS double cab", [2014, 2019], "Diesel"),
        mt("2.0 SiT XL double cab", [2019], "Diesel"),
        at("2.0 BiT Wildtrak 4x4 auto", [2019], "Diesel"),
      ]),
      m("Everest", "suv", 850_000, [
        at("3.2 TDCi XLT 4x4 auto", [2016, 2019], "Diesel"),
        at("2.0 BiT XLT auto", [2019], "Diesel"),
        at("3.0 V6 Platinum 4WD auto", [2023], "Diesel"),
      ]),
      m("EcoSport", "compact-suv", 330_000, [mt("1.5 Ambiente", [2014, 2022]), at("1.0T Titanium auto", [2018, 2022])]),
      m("Fiesta", "hatch", 290_000, [mt("1.0T Trend", [2014, 2022]), at("1.0T Titanium auto", [2018, 2022])]),
    ],
  },
  {
    name: "Hyundai",
    slug: "hyundai",
    models: [
      m("Grand i10", "hatch", 230_000, [mt("1.0 Motion", [2014]), at("1.2 Fluid auto", [2014])]),
      m("i20", "hatch", 330_000, [mt("1.2 Motion", [2015]), at("1.0T N Line DCT", [2021])]),
      m("Creta", "compact-suv", 430_000, [
        at("1.6 Executive auto", [2017, 2021]),
        at("1.6 CRDi Executive auto", [2017, 2021], "Diesel"),
        at("1.5 Executive IVT", [2022]),
      ]),
      m("Tucson", "suv", 620_000, [at("2.0 Premium auto", [2016]), at("2.0 CRDi Elite auto", [2016], "Diesel")]),
    ],
  },
  {
    name: "Kia",
    slug: "kia",
    models: [
      m("Picanto", "hatch", 220_000, [mt("1.0 Start", [2014]), at("1.2 X-Line auto", [2018])]),
      m("Sonet", "compact-suv", 340_000, [mt("1.5 LX", [2021]), at("1.5 EX+ CVT", [2021])]),
      m("Seltos", "compact-suv", 450_000, [at("1.5 EX IVT", [2020]), at("1.5 CRDi EX+ auto", [2020], "Diesel")]),
      m("Sportage", "suv", 620_000, [
        at("2.0 Ignite auto", [2016, 2021]),
        at("1.6T EX+ DCT", [2022]),
        at("2.0 CRDi SX AWD auto", [2016], "Diesel"),
      ]),
    ],
  },
  {
    name: "Nissan",
    slug: "nissan",
    models: [
      m("Magnite", "compact-suv", 300_000, [mt("1.0 Acenta", [2021]), at("1.0T Acenta Plus CVT", [2021])]),
      m("Almera", "sedan", 260_000, [mt("1.5 Acenta", [2014, 2021]), at("1.5 Acenta auto", [2014, 2021])]),
      m("Qashqai", "suv", 560_000, [
        at("1.2T Acenta Xtronic", [2014, 2021]),
        at("1.3T Acenta Xtronic", [2022]),
        at("1.3T Tekna Xtronic", [2022]),
      ]),
      m("Navara", "suv", 650_000, [
        mt("2.5DDTi SE double cab", [2016], "Diesel"),
        at("2.5DDTi Pro-4X 4x4 auto", [2021], "Diesel"),
      ]),
    ],
  },
  {
    name: "Mazda",
    slug: "mazda",
    models: [
      m("Mazda2", "hatch", 310_000, [mt("1.5 Active", [2015]), at("1.5 Dynamic auto", [2015])]),
      m("CX-3", "compact-suv", 420_000, [mt("2.0 Active", [2015]), at("2.0 Individual auto", [2015])]),
      m("CX-5", "suv", 600_000, [at("2.0 Active auto", [2014]), at("2.2DE Akera AWD auto", [2014], "Diesel")]),
    ],
  },
  {
    name: "Suzuki",
    slug: "suzuki",
    models: [
      m("Swift", "hatch", 220_000, [mt("1.2 GA", [2018]), at("1.2 GLX AMT", [2018])]),
      m("Jimny", "compact-suv", 420_000, [mt("1.5 GLX", [2019]), at("1.5 GLX auto", [2019])]),
      m("Ertiga", "mpv", 300_000, [mt("1.5 GL", [2019]), at("1.5 GLX auto", [2019])]),
    ],
  },
  {
    name: "BMW",
    slug: "bmw",
    models: [
      m("3 Series", "sedan", 900_000, [at("320i M Sport auto", [2014]), at("320d M Sport auto", [2014], "Diesel")]),
      m("X1", "compact-suv", 850_000, [at("sDrive18i", [2020]), at("sDrive18d M Sport", [2016], "Diesel")]),
      m("X3", "suv", 1_150_000, [at("xDrive20d", [2018], "Diesel"), at("xDrive30e", [2020], "Hybrid")]),
    ],
  },
  {
    name: "Mercedes-Benz",
    slug: "mercedes-benz",
    models: [
      m("A-Class", "hatch", 700_000, [at("A200 Progressive", [2018]), at("A250 AMG Line", [2018])]),
      m("C-Class", "sedan", 950_000, [at("C200 Avantgarde", [2014]), at("C220d AMG Line", [2014], "Diesel")]),
      m("GLC", "suv", 1_200_000, [at("GLC220d 4Matic", [2016], "Diesel"), at("GLC300 4Matic", [2016])]),
    ],
  },
  {
    name: "Renault",
    slug: "renault",
    models: [
      m("Kwid", "hatch", 190_000, [mt("1.0 Expression", [2016]), at("1.0 Climber AMT", [2019])]),
      m("Kiger", "compact-suv", 290_000, [mt("1.0 Zen", [2021]), at("1.0T Intens CVT", [2021])]),
      m("Duster", "compact-suv", 380_000, [mt("1.6 Expression", [2014]), at("1.5 dCi Prestige EDC", [2018], "Diesel")]),
    ],
  },
];

export const USED_MAKES: UsedMakeSpec[] = [{ name: "Honda", slug: "honda", models: HONDA }, ...OTHER_MAKES];

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
export const CURRENT_YEAR = 2026;
/** The oldest model year the dealers take in. */
const OLDEST_YEAR = 2014;

/** The variants of a model on sale new in a model year. */
export function variantsOf(model: UsedModelSpec, year: number): UsedVariantSpec[] {
  return model.variants.filter((v) => v.from <= year && year <= (v.to ?? CURRENT_YEAR));
}

/**
 * A model year the model was sold in: a demonstrator this year's or last year's, a trade-in at least a year old,
 * the recent years likelier than the old ones.
 */
function modelYearOf(model: UsedModelSpec, isDemo: boolean, random: () => number): number {
  const newest = isDemo ? CURRENT_YEAR : CURRENT_YEAR - 1;
  const oldest = isDemo ? CURRENT_YEAR - 1 : OLDEST_YEAR;
  const years: number[] = [];
  for (let year = newest; year >= oldest; year--) if (variantsOf(model, year).length > 0) years.push(year);
  if (years.length === 0) throw new Error(`${model.name}: no variant on sale from ${oldest} to ${newest}`);
  return years[Math.floor((isDemo ? random() : random() * random()) * years.length)]!;
}

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
    const year = modelYearOf(model, isDemo, random);
    const yearsUsed = CURRENT_YEAR - year + 0.5;
    const mileageKm = isDemo
      ? 500 + Math.floor(random() * 14_500)
      : Math.round((yearsUsed * (isBike ? 6_000 : 16_000) * (0.5 + random())) / 100) * 100;
    const { name: trim, transmission, fuel: fuelType } = pick(variantsOf(model, year));
    const paint = pick(PAINTS);
    const depreciation = 0.86 ** yearsUsed * (1 - Math.min(mileageKm, 250_000) / 1_500_000);
    const price = Math.max(
      25_000,
      Math.round((model.newPrice * depreciation * (0.93 + random() * 0.14)) / 1_000) * 1_000 - 100,
    );
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
