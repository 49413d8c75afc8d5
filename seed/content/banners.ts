import type { SeedBanner } from "./types.ts";

/** Demo banners: three for the home page (type ''), three for new cars and three for Honda Wing. */
export const BANNERS: SeedBanner[] = [
  {
    type: "",
    title: "The all-new CR-V. Room for every adventure.",
    shape: "suv",
    colorCode: "#3D6A7F",
    buttonUrl: "/new/honda/cr-v",
    buttonText: "Meet the CR-V",
  },
  {
    type: "",
    title: "This month's specials are in",
    shape: "compact-suv",
    colorCode: "#D9652B",
    buttonUrl: "/specials",
    buttonText: "See the specials",
  },
  {
    type: "",
    title: "Quality used cars, Honda checked",
    shape: "hatch",
    colorCode: "#5A5D62",
    buttonUrl: "/used",
    buttonText: "Browse used stock",
  },
  {
    type: "Car",
    title: "Amaze. A real sedan, from R289 900",
    shape: "sedan",
    colorCode: "#1F2A45",
    buttonUrl: "/new/honda/amaze",
  },
  {
    type: "Car",
    title: "Civic Type R. Born on the track.",
    shape: "hot-hatch",
    colorCode: "#C8102E",
    buttonUrl: "/new/honda/civic-type-r",
    buttonText: "Feel the pull",
  },
  {
    type: "Car",
    title: "Finance made simple. Repayments made clear.",
    shape: "compact-suv",
    colorCode: "#2F4A3B",
    buttonUrl: "/finance",
    buttonText: "Work out a repayment",
  },
  {
    type: "Motorcycle",
    title: "Africa Twin. Go further.",
    shape: "adventure",
    colorCode: "#C8102E",
    buttonUrl: "/honda-wing/honda/crf1100l-africa-twin",
  },
  {
    type: "Motorcycle",
    title: "Transalp. Tar, gravel, repeat.",
    shape: "adventure",
    colorCode: "#4B4E52",
    buttonUrl: "/honda-wing/honda/xl750-transalp",
    buttonText: "Ride the Transalp",
  },
  {
    type: "Motorcycle",
    title: "Skip the traffic on a PCX125",
    shape: "scooter",
    colorCode: "#EFEDE6",
    buttonUrl: "/honda-wing/honda/pcx125",
  },
];
