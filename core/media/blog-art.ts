import { BRAND_GREY, BRAND_RED } from "./banner-art.ts";
import { BLOG_IMAGE_SIZE, type VehicleShape } from "./shapes.ts";
import { drawVehicle, GROUND_Y } from "./vehicle-art.ts";

export const BLOG_THEMES = [
  "road-trip",
  "service",
  "safety",
  "motorcycle",
  "family",
  "city",
  "hybrid",
  "finance",
] as const;
export type BlogTheme = (typeof BLOG_THEMES)[number];

const TITLES: Record<BlogTheme, string> = {
  "road-trip": "An SUV on a road trip below the mountains",
  service: "A car raised on a workshop lift beside a spanner",
  safety: "A car with a safety shield and five stars",
  motorcycle: "An adventure motorcycle on a mountain road",
  family: "A family MPV in the park with a kite",
  city: "A hatchback on a city street at dusk",
  hybrid: "A hybrid car charging, with a leaf and a battery",
  finance: "A car beside a calculator and stacks of coins",
};

function n(v: number): string {
  return String(Math.round(v * 10) / 10);
}

/** A vehicle drawing placed with its ground at (cx, ground), scaled by k; `extra` is drawn in the vehicle's own space. */
function vehicle(
  shape: VehicleShape,
  hex: string,
  cx: number,
  ground: number,
  k: number,
  extra = "",
): { defs: string; body: string } {
  const v = drawVehicle(shape, hex, "v");
  return {
    defs: v.defs,
    body: `<g transform="translate(${n(cx - 400 * k)} ${n(ground - GROUND_Y * k)}) scale(${k})">${v.body}${extra}</g>`,
  };
}

function star(cx: number, cy: number, r: number): string {
  let d = "";
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rr = i % 2 === 0 ? r : r * 0.45;
    d += `${i === 0 ? "M" : "L"}${n(cx + rr * Math.cos(a))} ${n(cy + rr * Math.sin(a))}`;
  }
  return `${d}Z`;
}

function grad(id: string, top: string, bottom: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
}

const TABLE_MOUNTAIN =
  "M0 420L90 300L120 270L150 292L200 286L220 276H640L664 298L700 350L740 356L780 310L800 300L820 312L860 380L1200 430V480H0Z";

/** A red accent slash on the left edge, shared by every illustration. */
const SLASH = `<path d="M0 0H70L0 150Z" fill="${BRAND_RED}"/><path d="M1200 675H1100L1200 520Z" fill="${BRAND_GREY}" opacity=".9"/>`;

type Scene = { defs: string; body: string };

function roadTripScene(): Scene {
  const box = `<rect x="170" y="126" width="240" height="30" rx="14" fill="${BRAND_GREY}"/>`;
  const v = vehicle("suv", "c8102e", 560, 610, 1.05, box);
  return {
    defs: grad("ba", "#f7c48a", "#fdebd3") + grad("bb", "#d9c2a6", "#c9ad8f") + v.defs,
    body:
      `<rect width="1200" height="675" fill="url(#ba)"/><circle cx="880" cy="240" r="90" fill="#fff4dc"/>` +
      `<path d="M660 120l14 10 14-10M720 150l10 8 10-8M600 170l10 8 10-8" fill="none" stroke="#8a6a55" stroke-width="3"/>` +
      `<path d="${TABLE_MOUNTAIN}" fill="#b79a8c"/>` +
      `<path d="M0 470Q300 420 600 450T1200 440V675H0Z" fill="url(#bb)"/>` +
      `<path d="M760 446Q700 470 780 490Q880 512 760 540" fill="none" stroke="#8f8a86" stroke-width="14"/>` +
      `<rect y="540" width="1200" height="135" fill="#7a7f84"/><rect y="540" width="1200" height="8" fill="#cfc6bb"/>` +
      `<path d="M30 640h90M190 640h90M350 640h90M510 640h90M670 640h90M830 640h90M990 640h90" stroke="#f4f1ea" stroke-width="6"/>` +
      v.body,
  };
}

function serviceScene(): Scene {
  const v = vehicle("sedan", "8a9aa8", 600, 470, 1.12);
  const post = (x: number): string =>
    `<rect x="${x}" y="170" width="40" height="440" rx="6" fill="#4a4e53"/><rect x="${x}" y="170" width="40" height="26" rx="6" fill="${BRAND_RED}"/>`;
  return {
    defs: grad("ba", "#eef1f3", "#dde2e6") + v.defs,
    body:
      `<rect width="1200" height="675" fill="url(#ba)"/>` +
      `<path d="M0 120H1200M0 124H1200" stroke="#cfd5da" stroke-width="2"/>` +
      `<rect y="600" width="1200" height="75" fill="#b7bec4"/><rect y="600" width="1200" height="6" fill="#9aa2a9"/>` +
      post(190) +
      post(970) +
      v.body +
      `<path d="M230 434H300M970 434H900" stroke="#4a4e53" stroke-width="14"/>` +
      `<rect x="284" y="424" width="40" height="12" rx="3" fill="${BRAND_GREY}"/><rect x="876" y="424" width="40" height="12" rx="3" fill="${BRAND_GREY}"/>` +
      `<g transform="translate(80 600)"><rect x="0" y="-48" width="90" height="48" rx="12" fill="#2a2c2f"/><rect x="6" y="-96" width="90" height="48" rx="12" fill="#34373a"/><rect x="0" y="-144" width="90" height="48" rx="12" fill="#2a2c2f"/></g>` +
      `<circle cx="1060" cy="140" r="84" fill="${BRAND_RED}"/>` +
      `<g transform="translate(1060 140) rotate(-45)" fill="#fff"><rect x="-56" y="-10" width="96" height="20" rx="10"/>` +
      `<circle cx="48" cy="0" r="26"/><rect x="46" y="-9" width="34" height="18" fill="${BRAND_RED}"/>` +
      `<circle cx="-56" cy="0" r="18"/><circle cx="-56" cy="0" r="8" fill="${BRAND_RED}"/></g>`,
  };
}

function safetyScene(): Scene {
  const v = vehicle("compact-suv", "b9bfc5", 430, 600, 1.05);
  let stars = "";
  for (let i = 0; i < 5; i++) stars += star(830 + i * 62, 440, 24);
  return {
    defs:
      grad("ba", "#e3ebf2", "#f7f9fb") +
      `<linearGradient id="bb" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e0233f"/><stop offset="1" stop-color="#9e0c24"/></linearGradient>` +
      v.defs,
    body:
      `<rect width="1200" height="675" fill="url(#ba)"/><circle cx="900" cy="300" r="250" fill="#d8e3ec"/>` +
      `<rect y="560" width="1200" height="115" fill="#8b9197"/><rect y="560" width="1200" height="6" fill="#cdd3d8"/>` +
      `<path d="M40 630h90M200 630h90M360 630h90M520 630h90M680 630h90M840 630h90M1000 630h90" stroke="#eef0f2" stroke-width="6"/>` +
      `<path d="M954 90L1064 130V230Q1064 320 954 380Q844 320 844 230V130Z" fill="url(#bb)"/>` +
      `<path d="M954 110L1044 144V230Q1044 304 954 356" fill="#fff" opacity=".12"/>` +
      `<path d="M904 236L942 274L1010 196" fill="none" stroke="#fff" stroke-width="22" stroke-linecap="round" stroke-linejoin="round"/>` +
      `<path d="${stars}" fill="#f2b705"/>` +
      v.body,
  };
}

function motorcycleScene(): Scene {
  const v = vehicle("adventure", "c8102e", 560, 612, 1.15);
  return {
    defs: grad("ba", "#9fc6e6", "#f2efe6") + v.defs,
    body:
      `<rect width="1200" height="675" fill="url(#ba)"/><circle cx="1000" cy="150" r="60" fill="#fff7dc"/>` +
      `<path d="${TABLE_MOUNTAIN}" fill="#8ea4b8"/>` +
      `<path d="M0 480Q300 430 600 460T1200 450V675H0Z" fill="#93ab8e"/>` +
      `<path d="M0 560L1200 540V675H0Z" fill="#7a7f84"/><path d="M0 560L1200 540" stroke="#d3d7da" stroke-width="8"/>` +
      `<path d="M40 640l90-2M200 637l90-2M360 634l90-2M520 631l90-2M680 628l90-2M840 625l90-2M1000 622l90-2" stroke="#f2f2f2" stroke-width="6"/>` +
      v.body,
  };
}

function familyScene(): Scene {
  const box = `<rect x="200" y="120" width="230" height="30" rx="14" fill="${BRAND_GREY}"/>`;
  const v = vehicle("mpv", "2b5fa8", 600, 610, 1.0, box);
  const tree = (x: number, y: number, r: number): string =>
    `<rect x="${x - 6}" y="${y}" width="12" height="${r * 1.6}" fill="#7a5a3c"/><circle cx="${x}" cy="${y}" r="${r}" fill="#5f9e5a"/><circle cx="${x - r * 0.3}" cy="${y - r * 0.3}" r="${r * 0.5}" fill="#78b56f"/>`;
  return {
    defs: grad("ba", "#a9d4f2", "#eef7fc") + v.defs,
    body:
      `<rect width="1200" height="675" fill="url(#ba)"/><circle cx="180" cy="150" r="60" fill="#fff4c8"/>` +
      `<path d="M0 470Q250 380 520 440Q800 500 1200 400V675H0Z" fill="#9fcb8a"/>` +
      tree(1000, 380, 60) +
      tree(1110, 400, 44) +
      tree(120, 420, 46) +
      `<path d="M930 90L980 150L930 210L880 150Z" fill="${BRAND_RED}"/><path d="M930 90V210M880 150H980" stroke="#fff" stroke-width="3" opacity=".6"/>` +
      `<path d="M930 210Q900 280 940 330T900 440" fill="none" stroke="${BRAND_GREY}" stroke-width="2"/>` +
      `<path d="M926 250l-12 8 12 6zM934 300l12 8-12 6z" fill="${BRAND_RED}"/>` +
      `<rect y="560" width="1200" height="115" fill="#7d8287"/><rect y="560" width="1200" height="6" fill="#cfd4d8"/>` +
      v.body,
  };
}

function cityScene(): Scene {
  const beam = `<path d="M696 300L800 280L800 350Z" fill="#fff3c4" opacity=".35"/>`;
  const v = vehicle("hatch", "c8102e", 520, 600, 1.05, beam);
  return {
    defs:
      grad("ba", "#2b2d3f", "#6a6f86") +
      `<pattern id="bw" width="28" height="34" patternUnits="userSpaceOnUse"><rect x="8" y="10" width="12" height="14" fill="#ffd27a" opacity=".75"/></pattern>` +
      v.defs,
    body:
      `<rect width="1200" height="675" fill="url(#ba)"/><circle cx="1020" cy="110" r="36" fill="#f4f1e0"/>` +
      `<path d="M0 540V330h70v-60h80v270zM170 540V230h110v310zM300 540V300l50-40 50 40v240zM420 540V180h90v360zM530 540V280h100v260zM650 540V210l40-40 40 40v330zM750 540V300h120v240zM890 540V240h80v300zM990 540V320h110v220zM1110 540V270h90v270z" fill="#3b3f52"/>` +
      `<path d="M0 540V330h70v-60h80v270zM170 540V230h110v310zM420 540V180h90v360zM650 540V210l40-40 40 40v330zM890 540V240h80v300zM1110 540V270h90v270z" fill="url(#bw)"/>` +
      `<rect y="540" width="1200" height="135" fill="#3a3c40"/><rect y="540" width="1200" height="8" fill="#5d6065"/>` +
      `<path d="M30 630h90M190 630h90M350 630h90M510 630h90M670 630h90M830 630h90M990 630h90" stroke="#d9d9d9" stroke-width="6"/>` +
      `<path d="M1020 544V330h30" fill="none" stroke="#25272b" stroke-width="10"/><circle cx="1056" cy="336" r="10" fill="#ffe7a3"/>` +
      `<circle cx="1056" cy="336" r="40" fill="#ffe7a3" opacity=".18"/>` +
      `<rect x="80" y="380" width="36" height="92" rx="8" fill="#1f2124"/><rect x="94" y="472" width="8" height="72" fill="#1f2124"/>` +
      `<circle cx="98" cy="400" r="10" fill="${BRAND_RED}"/><circle cx="98" cy="426" r="10" fill="#5a4a1c"/><circle cx="98" cy="452" r="10" fill="#1d4a2c"/>` +
      v.body,
  };
}

function hybridScene(): Scene {
  const v = vehicle("compact-suv", "e9ecee", 640, 600, 1.0);
  return {
    defs: grad("ba", "#dff2e5", "#f7fbf8") + grad("bb", "#5cc27d", "#2e8a4d") + v.defs,
    body:
      `<rect width="1200" height="675" fill="url(#ba)"/><circle cx="300" cy="260" r="210" fill="#cfeadb"/>` +
      `<path d="M170 360Q150 170 380 110Q420 300 250 380Q210 392 170 360Z" fill="url(#bb)"/>` +
      `<path d="M180 370Q240 250 340 160" fill="none" stroke="#d6f0de" stroke-width="6" stroke-linecap="round"/>` +
      `<rect y="560" width="1200" height="115" fill="#8a9096"/><rect y="560" width="1200" height="6" fill="#cdd3d8"/>` +
      `<rect x="120" y="410" width="90" height="150" rx="14" fill="${BRAND_GREY}"/><rect x="136" y="428" width="58" height="40" rx="6" fill="#5cc27d"/>` +
      `<path d="M210 500Q280 560 330 470Q350 430 380 440" fill="none" stroke="#1f2124" stroke-width="8" stroke-linecap="round"/>` +
      `<rect x="374" y="428" width="28" height="24" rx="5" fill="#1f2124"/>` +
      `<g transform="translate(930 110)"><rect width="150" height="76" rx="12" fill="none" stroke="${BRAND_GREY}" stroke-width="8"/><rect x="150" y="24" width="14" height="28" rx="4" fill="${BRAND_GREY}"/>` +
      `<rect x="14" y="14" width="34" height="48" rx="4" fill="#2e8a4d"/><rect x="58" y="14" width="34" height="48" rx="4" fill="#2e8a4d"/><rect x="102" y="14" width="34" height="48" rx="4" fill="#5cc27d"/></g>` +
      `<path d="M1006 220l-20 36h18l-8 32 30-44h-18l10-24z" fill="${BRAND_RED}"/>` +
      v.body,
  };
}

function financeScene(): Scene {
  const v = vehicle("hatch", "c8102e", 340, 600, 0.95);
  let keys = "";
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      const last = r === 3 && c === 3;
      keys += `<rect x="${892 + c * 56}" y="${292 + r * 56}" width="44" height="44" rx="8" fill="${last ? BRAND_RED : "#4a4e53"}"/>`;
    }
  }
  const coins = (x: number, count: number): string => {
    let s = "";
    for (let i = 0; i < count; i++) {
      s += `<ellipse cx="${x}" cy="${592 - i * 16}" rx="44" ry="14" fill="#c9962a"/><ellipse cx="${x}" cy="${586 - i * 16}" rx="44" ry="14" fill="#f2c14e"/>`;
    }
    return s;
  };
  return {
    defs: grad("ba", "#fcefe0", "#fffaf4") + v.defs,
    body:
      `<rect width="1200" height="675" fill="url(#ba)"/><circle cx="960" cy="330" r="260" fill="#f8e2c8"/>` +
      `<rect y="590" width="1200" height="85" fill="#d9c7b2"/>` +
      `<rect x="870" y="120" width="250" height="460" rx="26" fill="${BRAND_GREY}"/><rect x="892" y="146" width="206" height="110" rx="10" fill="#c9dccb"/>` +
      `<path d="M912 236V200M940 236V180M968 236V210M996 236V168M1024 236V190" stroke="#5d7a62" stroke-width="14"/>` +
      keys +
      coins(790, 6) +
      coins(710, 3) +
      `<circle cx="700" cy="200" r="56" fill="${BRAND_RED}"/><path d="M676 228L724 172" stroke="#fff" stroke-width="9" stroke-linecap="round"/>` +
      `<circle cx="678" cy="182" r="11" fill="none" stroke="#fff" stroke-width="7"/><circle cx="722" cy="218" r="11" fill="none" stroke="#fff" stroke-width="7"/>` +
      v.body,
  };
}

/** Each theme's scene: its gradients and patterns, and what is drawn. */
const SCENES: Record<BlogTheme, () => Scene> = {
  "road-trip": roadTripScene,
  service: serviceScene,
  safety: safetyScene,
  motorcycle: motorcycleScene,
  family: familyScene,
  city: cityScene,
  hybrid: hybridScene,
  finance: financeScene,
};

/** A 1200x675 editorial illustration heading a blog post. */
export function renderBlogSvg(theme: BlogTheme): string {
  const { width, height } = BLOG_IMAGE_SIZE;
  const art = SCENES[theme]();
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">` +
    `<title>${TITLES[theme]}</title><defs>${art.defs}</defs>${art.body}${SLASH}</svg>`
  );
}
