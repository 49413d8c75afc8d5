import type { SeedDeal } from "./types.ts";

/**
 * Demo specials and service deals. A null dealerSlug is a group-wide deal; the three Honda Wing
 * dealers sell motorcycles only, so their deals are motorcycle deals.
 */
export const DEALS: SeedDeal[] = [
  // Specials: group-wide.
  {
    slug: "cr-v-e-hev-cash-back",
    kind: "special",
    title: "R40 000 cash back on the CR-V e:HEV",
    summary:
      "Buy a new CR-V 2.0 e:HEV Advance AWD and get R40 000 cash back, paid straight to your deposit or settlement. T&Cs apply; while stocks last.",
    dealerSlug: null,
    shape: "suv",
    colorCode: "#3D6A7F",
    validUntil: "2027-01-31",
  },
  {
    slug: "amaze-first-instalment-on-us",
    kind: "special",
    title: "Amaze: your first instalment on us",
    summary:
      "Finance any new Amaze through one of our approved banks and we'll pay your first monthly instalment, up to R6 500. Valid on deals approved and delivered before the end of February. T&Cs apply; while stocks last.",
    dealerSlug: null,
    shape: "sedan",
    colorCode: "#1F2A45",
    validUntil: "2027-02-28",
  },
  {
    slug: "city-hatch-service-plan-top-up",
    kind: "special",
    title: "City Hatch with two years' free service plan top-up",
    summary:
      "Every new City Hatch comes with a free two-year extension to the standard service plan, so routine servicing is covered for longer. T&Cs apply; while stocks last.",
    dealerSlug: null,
    shape: "hatch",
    colorCode: "#D9652B",
    validUntil: "2027-03-31",
  },
  {
    slug: "elevate-trade-in-assist",
    kind: "special",
    title: "Elevate trade-in assist: R15 000 over book",
    summary:
      "Trade in any vehicle on a new Elevate and we'll add R15 000 to its trade value on top of a fair, independent appraisal. T&Cs apply; while stocks last.",
    dealerSlug: null,
    shape: "compact-suv",
    colorCode: "#7A5C3E",
    validUntil: "2027-01-31",
  },
  // Specials: particular car dealers.
  {
    slug: "sandton-zr-v-launch-offer",
    kind: "special",
    title: "ZR-V e:HEV with R25 000 in accessories",
    summary:
      "At Honda Sandton, take delivery of a ZR-V 2.0 e:HEV Advance and choose R25 000 worth of genuine Honda accessories, fitted free, from tow bars to roof racks. T&Cs apply; while stocks last.",
    dealerSlug: "honda-sandton",
    shape: "compact-suv",
    colorCode: "#2F4A3B",
    validUntil: "2027-02-28",
  },
  {
    slug: "menlyn-type-r-track-day",
    kind: "special",
    title: "Civic Type R with a free track day",
    summary:
      "Buy a Civic Type R from Honda Menlyn and we'll book you a full instructor-led track day at a Gauteng circuit, entry and tyres covered. T&Cs apply; while stocks last.",
    dealerSlug: "honda-menlyn",
    shape: "hot-hatch",
    colorCode: "#C8102E",
    validUntil: "2027-04-30",
  },
  {
    slug: "cape-town-hr-v-rate-special",
    kind: "special",
    title: "HR-V at 9.5% fixed for 72 months",
    summary:
      "Honda Cape Town has arranged a fixed rate of 9.5% on the HR-V Comfort and Elegance, with a 10% deposit and a 72-month term. T&Cs apply; while stocks last.",
    dealerSlug: "honda-cape-town",
    shape: "compact-suv",
    colorCode: "#6A3A4B",
    validUntil: "2027-03-31",
  },
  {
    slug: "umhlanga-br-v-family-pack",
    kind: "special",
    title: "BR-V family pack: R12 000 cash back and tow bar",
    summary:
      "Choose a new BR-V at Honda Umhlanga and get R12 000 cash back plus a fitted tow bar for the holiday trailer. T&Cs apply; while stocks last.",
    dealerSlug: "honda-umhlanga",
    shape: "mpv",
    colorCode: "#B5B8BB",
    validUntil: "2027-01-31",
  },
  {
    slug: "polokwane-wr-v-deposit-assist",
    kind: "special",
    title: "WR-V with R10 000 deposit assistance",
    summary:
      "Honda Polokwane will contribute R10 000 towards your deposit on any new WR-V, lowering your monthly repayment from day one. T&Cs apply; while stocks last.",
    dealerSlug: "honda-polokwane",
    shape: "compact-suv",
    colorCode: "#C21F26",
    validUntil: "2027-02-28",
  },
  {
    slug: "kimberley-cr-v-cash-back",
    kind: "special",
    title: "CR-V 1.5T Comfort: R20 000 cash back",
    summary:
      "Honda Kimberley is offering R20 000 cash back on the CR-V 1.5T Comfort CVT, and we'll include a full tank of fuel on delivery. T&Cs apply; while stocks last.",
    dealerSlug: "honda-kimberley",
    shape: "suv",
    colorCode: "#B5B8BB",
    validUntil: "2027-03-31",
  },
  {
    slug: "mbombela-fit-e-hev-hybrid-bonus",
    kind: "special",
    title: "Fit e:HEV hybrid bonus: R18 000 off",
    summary:
      "Go hybrid for less at Honda Mbombela: R18 000 off the Fit e:HEV Executive, plus a free set of all-weather floor mats. T&Cs apply; while stocks last.",
    dealerSlug: "honda-mbombela",
    shape: "hatch",
    colorCode: "#5F8FB3",
    validUntil: "2027-02-28",
  },
  // Specials: Honda Wing (motorcycles).
  {
    slug: "wing-midrand-africa-twin-luggage",
    kind: "special",
    title: "Africa Twin with free aluminium panniers",
    summary:
      "Buy a CRF1100L Africa Twin DCT or Adventure Sports at Honda Wing Midrand and we'll fit a genuine Honda aluminium pannier set, worth over R30 000, at no charge. T&Cs apply; while stocks last.",
    dealerSlug: "honda-wing-midrand",
    shape: "adventure",
    colorCode: "#C8102E",
    validUntil: "2027-03-31",
  },
  {
    slug: "wing-durban-pcx-commuter-deal",
    kind: "special",
    title: "PCX125 commuter deal: helmet and top box included",
    summary:
      "Ride away on a PCX125 from Honda Wing Durban with a full-face helmet and a lockable top box included in the price. T&Cs apply; while stocks last.",
    dealerSlug: "honda-wing-durban",
    shape: "scooter",
    colorCode: "#EFEDE6",
    validUntil: "2027-01-31",
  },
  {
    slug: "wing-cape-town-transalp-academy",
    kind: "special",
    title: "Transalp plus a free off-road skills course",
    summary:
      "Buy an XL750 Transalp at Honda Wing Cape Town and get a place on our two-day Riding Academy gravel course, plus R8 000 cash back. T&Cs apply; while stocks last.",
    dealerSlug: "honda-wing-cape-town",
    shape: "adventure",
    colorCode: "#4B4E52",
    validUntil: "2027-04-30",
  },
  // Service deals.
  {
    slug: "winter-check-free",
    kind: "service",
    title: "Free 30-point winter check",
    summary:
      "Bring your Honda in for a free 30-point check covering battery, tyres, wipers, lights and brakes, with a written report and no obligation to fix anything with us. T&Cs apply.",
    dealerSlug: null,
    shape: "hatch",
    colorCode: "#5A5D62",
    validUntil: "2027-06-30",
  },
  {
    slug: "brake-pads-fitted-special",
    kind: "service",
    title: "15% off genuine brake pads, fitted",
    summary:
      "Get 15% off genuine Honda front brake pads, including fitment and a brake-fluid check, on any Honda car more than three years old. T&Cs apply; while stocks last.",
    dealerSlug: null,
    shape: "sedan",
    colorCode: "#B5B8BB",
    validUntil: "2027-03-31",
  },
  {
    slug: "gqeberha-aircon-regas",
    kind: "service",
    title: "Aircon regas and sanitise for R995",
    summary:
      "Beat the Eastern Cape summer: Honda Gqeberha will regas and sanitise your car's air-conditioning for R995, including a cabin filter. T&Cs apply.",
    dealerSlug: "honda-gqeberha",
    shape: "compact-suv",
    colorCode: "#F2F1EC",
    validUntil: "2027-02-28",
  },
  {
    slug: "bloemfontein-n1-road-trip-check",
    kind: "service",
    title: "Free pre-trip safety check on the N1",
    summary:
      "Heading up or down the N1 through the Free State? Stop at Honda Bloemfontein for a free tyre, battery and fluid check on any Honda, no appointment needed. T&Cs apply.",
    dealerSlug: "honda-bloemfontein",
    shape: "suv",
    colorCode: "#F2F1EC",
    validUntil: "2027-04-30",
  },
  {
    slug: "wing-midrand-bike-service-special",
    kind: "service",
    title: "Motorcycle minor service from R1 450",
    summary:
      "Book a minor service for any Honda motorcycle or scooter at Honda Wing Midrand from R1 450, including genuine oil and filter and a chain clean and adjust. T&Cs apply.",
    dealerSlug: "honda-wing-midrand",
    shape: "naked",
    colorCode: "#2A2B2D",
    validUntil: "2027-05-31",
  },
];
