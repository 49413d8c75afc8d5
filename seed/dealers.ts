import type { BusinessHours } from "../db/schema.ts";

/** product.md §9: the group's standard opening hours. */
export const STANDARD_HOURS: BusinessHours[] = [
  { days: "Monday to Friday", opens: "07:30", closes: "17:30" },
  { days: "Saturday and public holidays", opens: "08:00", closes: "13:00" },
  { days: "Sunday", opens: null, closes: null },
];

/** product.md §9: the Kimberley dealer keeps its own hours. */
export const KIMBERLEY_HOURS: BusinessHours[] = [
  { days: "Monday to Friday", opens: "07:15", closes: "17:15" },
  { days: "Saturday and public holidays", opens: null, closes: null },
  { days: "Sunday", opens: null, closes: null },
];

/** "112 Rivonia Road, Sandown, Sandton, 2196": the street part and the postal code (the city is its own field). */
export function streetAndPostalCode(address: string): { street: string; postalCode: string } {
  const match = /^(.*),\s*[^,]*,\s*(\d{4})\s*$/.exec(address);
  if (!match) throw new Error(`a seed dealer's address must end in ", city, postal code": ${address}`);
  return { street: match[1]!, postalCode: match[2]! };
}

export type SeedDealer = {
  slug: string;
  dealerName: string;
  contactNo: string;
  address: string;
  city: string;
  province: string;
  dpName: string;
  dpContactNo: string;
  hours?: BusinessHours[];
};

// Fictitious dealers: names, addresses and numbers are invented for the demo catalogue.
export const DEALERS: SeedDealer[] = [
  {
    slug: "honda-sandton",
    dealerName: "Honda Sandton",
    contactNo: "011 784 2210",
    address: "112 Rivonia Road, Sandown, Sandton, 2196",
    city: "Sandton",
    province: "Gauteng",
    dpName: "Thandi Mokoena",
    dpContactNo: "082 441 2210",
  },
  {
    slug: "honda-menlyn",
    dealerName: "Honda Menlyn",
    contactNo: "012 348 7720",
    address: "45 Atterbury Road, Menlyn, Pretoria, 0181",
    city: "Pretoria",
    province: "Gauteng",
    dpName: "Pieter van der Merwe",
    dpContactNo: "083 562 7720",
  },
  {
    slug: "honda-cape-town",
    dealerName: "Honda Cape Town",
    contactNo: "021 510 4480",
    address: "8 Marine Drive, Paarden Eiland, Cape Town, 7405",
    city: "Cape Town",
    province: "Western Cape",
    dpName: "Fatima Adams",
    dpContactNo: "084 310 4480",
  },
  {
    slug: "honda-umhlanga",
    dealerName: "Honda Umhlanga",
    contactNo: "031 566 9130",
    address: "21 Umhlanga Rocks Drive, La Lucia, Umhlanga, 4051",
    city: "Umhlanga",
    province: "KwaZulu-Natal",
    dpName: "Sibusiso Dlamini",
    dpContactNo: "072 815 9130",
  },
  {
    slug: "honda-gqeberha",
    dealerName: "Honda Gqeberha",
    contactNo: "041 363 2055",
    address: "90 Cape Road, Newton Park, Gqeberha, 6045",
    city: "Gqeberha",
    province: "Eastern Cape",
    dpName: "Andrew Botha",
    dpContactNo: "079 204 2055",
  },
  {
    slug: "honda-bloemfontein",
    dealerName: "Honda Bloemfontein",
    contactNo: "051 430 1870",
    address: "133 Nelson Mandela Drive, Brandwag, Bloemfontein, 9301",
    city: "Bloemfontein",
    province: "Free State",
    dpName: "Lerato Mofokeng",
    dpContactNo: "082 771 1870",
  },
  {
    slug: "honda-kimberley",
    dealerName: "Honda Kimberley",
    contactNo: "053 832 6640",
    address: "17 Bultfontein Road, Kimberley, 8301",
    city: "Kimberley",
    province: "Northern Cape",
    dpName: "Johan Pretorius",
    dpContactNo: "083 690 6640",
    hours: KIMBERLEY_HOURS,
  },
  {
    slug: "honda-polokwane",
    dealerName: "Honda Polokwane",
    contactNo: "015 297 3310",
    address: "60 Grobler Street, Polokwane, 0699",
    city: "Polokwane",
    province: "Limpopo",
    dpName: "Tshepo Maluleke",
    dpContactNo: "076 118 3310",
  },
  {
    slug: "honda-mbombela",
    dealerName: "Honda Mbombela",
    contactNo: "013 752 4190",
    address: "5 Samora Machel Drive, Mbombela, 1200",
    city: "Mbombela",
    province: "Mpumalanga",
    dpName: "Nomvula Nkosi",
    dpContactNo: "071 442 4190",
  },
  {
    slug: "honda-wing-midrand",
    dealerName: "Honda Wing Midrand",
    contactNo: "011 312 0875",
    address: "34 New Road, Grand Central, Midrand, 1685",
    city: "Midrand",
    province: "Gauteng",
    dpName: "Kabelo Sithole",
    dpContactNo: "082 930 0875",
  },
  {
    slug: "honda-wing-durban",
    dealerName: "Honda Wing Durban",
    contactNo: "031 303 5520",
    address: "250 Florida Road, Morningside, Durban, 4001",
    city: "Durban",
    province: "KwaZulu-Natal",
    dpName: "Priya Naidoo",
    dpContactNo: "083 217 5520",
  },
  {
    slug: "honda-wing-cape-town",
    dealerName: "Honda Wing Cape Town",
    contactNo: "021 418 9060",
    address: "71 Buitengracht Street, Cape Town City Centre, 8001",
    city: "Cape Town",
    province: "Western Cape",
    dpName: "Marco Rossouw",
    dpContactNo: "084 655 9060",
  },
];

/** Where each demo dealer stands (latitude, longitude): the middle of its suburb or city, as the addresses are invented. */
export const DEALER_COORDINATES: Readonly<Record<string, readonly [number, number]>> = {
  "honda-sandton": [-26.1076, 28.0567],
  "honda-menlyn": [-25.7847, 28.2773],
  "honda-cape-town": [-33.9249, 18.4241],
  "honda-umhlanga": [-29.7262, 31.0697],
  "honda-gqeberha": [-33.9608, 25.6022],
  "honda-bloemfontein": [-29.0852, 26.1596],
  "honda-kimberley": [-28.7282, 24.7499],
  "honda-polokwane": [-23.9045, 29.4689],
  "honda-mbombela": [-25.4753, 30.9694],
  "honda-wing-midrand": [-25.9992, 28.1263],
  "honda-wing-durban": [-29.8587, 31.0218],
  "honda-wing-cape-town": [-33.918, 18.4233],
};
