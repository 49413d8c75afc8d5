import { normaliseHex, shade, tint, luminance } from "./colour.ts";
import { CAR_SHAPES, VEHICLE_IMAGE_SIZE, type Scene, type VehicleShape } from "./shapes.ts";

/** Human names of the body shapes, for titles and alt text. */
export const SHAPE_LABELS: Record<VehicleShape, string> = {
  hatch: "Hatchback",
  sedan: "Sedan",
  "compact-suv": "Compact SUV",
  suv: "SUV",
  "hot-hatch": "Hot hatch",
  mpv: "MPV",
  adventure: "Adventure motorcycle",
  sport: "Sport motorcycle",
  naked: "Naked motorcycle",
  cruiser: "Cruiser motorcycle",
  scooter: "Scooter",
  tourer: "Touring motorcycle",
  trail: "Trail motorcycle",
};

const SCENE_LABELS: Record<Scene, string> = {
  studio: "in the studio",
  city: "in the city",
  coast: "at the coast",
  mountain: "below a flat-topped mountain",
};

/** Where every vehicle stands in its 800x500 drawing. */
export const GROUND_Y = 405;

/** SVG markup of one vehicle: `defs` (gradients, ids prefixed) and the drawing in 800x500 space. */
export type VehicleDrawing = { defs: string; body: string };

const TYRE = "#1b1c1e";
const TRIM = "#222427";
const METAL = "#c3c8cd";
const DARK_METAL = "#4a4e53";
const LAMP = "#eef5fb";
const TAIL = "#b3121b";
/** Tinted, see-through motorcycle screens. */
const SCREEN = "#9fb2c2";

/** Round to one decimal so the markup stays short and deterministic. */
function n(v: number): string {
  return String(Math.round(v * 10) / 10);
}

function polar(cx: number, cy: number, r: number, deg: number): string {
  const a = (deg * Math.PI) / 180;
  return `${n(cx + r * Math.cos(a))} ${n(cy + r * Math.sin(a))}`;
}

function spokes(cx: number, cy: number, r0: number, r1: number, count: number, offset = -90): string {
  let d = "";
  for (let i = 0; i < count; i++) {
    const deg = offset + (360 / count) * i;
    d += `M${polar(cx, cy, r0, deg)}L${polar(cx, cy, r1, deg)}`;
  }
  return d;
}

function paintDefs(p: string, hex: string): string {
  const c = `#${hex}`;
  // Very dark paints need more lift to show their form; very light paints need more shade.
  const dark = luminance(hex) < 0.06;
  return (
    `<linearGradient id="${p}b" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${tint(hex, dark ? 0.45 : 0.3)}"/>` +
    `<stop offset=".42" stop-color="${c}"/>` +
    `<stop offset=".5" stop-color="${tint(hex, dark ? 0.25 : 0.14)}"/>` +
    `<stop offset=".66" stop-color="${c}"/>` +
    `<stop offset="1" stop-color="${shade(hex, 0.5)}"/></linearGradient>` +
    `<linearGradient id="${p}r" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset=".3" stop-color="#fff" stop-opacity="0"/><stop offset=".32" stop-color="#fff" stop-opacity=".16"/>` +
    `<stop offset=".44" stop-color="#fff" stop-opacity=".16"/><stop offset=".46" stop-color="#fff" stop-opacity="0"/></linearGradient>` +
    `<linearGradient id="${p}g" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="#4a5b6b"/><stop offset="1" stop-color="#12181e"/></linearGradient>` +
    `<linearGradient id="${p}m" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="#eef1f3"/><stop offset="1" stop-color="#858b91"/></linearGradient>` +
    `<radialGradient id="${p}s"><stop offset="0" stop-color="#000" stop-opacity=".5"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`
  );
}

/** Panel lines: darker than the paint, or lighter on near-black paint where darker would not show. */
function edgeColour(hex: string): string {
  return luminance(hex) < 0.03 ? tint(hex, 0.3) : shade(hex, 0.35);
}

function shadow(p: string, cx: number, rx: number): string {
  return `<ellipse cx="${cx}" cy="${GROUND_Y + 2}" rx="${rx}" ry="16" fill="url(#${p}s)"/>`;
}

// ---------------------------------------------------------------- cars

type CarSpec = {
  /** Centre x of the rear and front wheels. */
  wheels: [number, number];
  r: number;
  /** y of the bottom edge of the body between the wheels. */
  sill: number;
  /** Outline from the rear bottom corner, over the roof, to the front bottom corner (then to frontX at y = sill). */
  top: string;
  frontX: number;
  glass: string;
  /** Black pillars between windows: [x1, y1, x2, y2] from the belt line to the roof. */
  pillars: [number, number, number, number][];
  doors: string;
  handles: [number, number][];
  shoulder: string;
  head: string;
  tail: string;
  mirror: string;
  bumper: string;
  rim: "five" | "six" | "twin" | "sport";
  /** Shape-specific parts: roof rails, plastic cladding, the hot hatch's wing and vents, a sliding-door track. */
  extra?: "rails" | "clad" | "wing" | "track";
  /** Ride height added to the body (SUVs), in px. */
  lift?: number;
};

const CARS: Record<(typeof CAR_SHAPES)[number], CarSpec> = {
  hatch: {
    wheels: [225, 590],
    r: 48,
    sill: 376,
    frontX: 691,
    top: "M140 376Q130 371 130 350L132 300Q134 272 144 254L178 200Q188 184 212 181Q300 170 430 174Q462 178 484 196L574 258Q646 268 674 282Q690 290 690 310L691 358Q691 375 680 376",
    glass: "M190 256L210 214Q218 197 234 195Q300 184 428 186Q456 189 472 202L544 260Z",
    pillars: [
      [366, 258, 370, 184],
      [246, 256, 252, 192],
    ],
    doors: "M370 262L367 374M546 264Q544 292 552 312M246 262Q254 286 262 312",
    handles: [
      [342, 278],
      [520, 280],
    ],
    shoulder: "M132 290Q400 276 690 300",
    head: "M630 274L676 286Q688 292 686 302L640 294Z",
    tail: "M132 282L144 254Q156 248 164 252L160 286Q148 292 132 290Z",
    mirror: "M548 256Q556 240 578 242L580 260Q562 264 548 256Z",
    bumper: "M640 340L691 336L691 356L646 360Z",
    rim: "five",
  },
  sedan: {
    wheels: [212, 587],
    r: 49,
    sill: 377,
    frontX: 720,
    top: "M88 377Q78 372 78 352L80 302Q82 278 92 268L100 262Q160 258 226 254Q262 222 320 211Q400 202 450 208Q480 213 502 228L584 274Q662 282 700 296Q718 304 718 324L720 360Q720 376 708 377",
    glass: "M252 262Q282 230 324 220Q400 212 446 218Q472 222 490 236L552 274Z",
    pillars: [[398, 268, 400, 214]],
    doors: "M402 272L399 375M548 278Q544 304 552 326M254 268Q256 300 262 322",
    handles: [
      [376, 290],
      [520, 292],
    ],
    shoulder: "M80 290Q400 280 718 308",
    head: "M652 288L702 300Q714 306 711 316L660 306Z",
    tail: "M80 278L88 266Q120 262 150 260L150 272Q116 280 80 286Z",
    mirror: "M558 270Q566 254 588 256L590 274Q572 278 558 270Z",
    bumper: "M668 350L720 346L720 364L674 366Z",
    rim: "twin",
  },
  "compact-suv": {
    wheels: [210, 580],
    r: 52,
    sill: 366,
    frontX: 705,
    top: "M106 366Q96 360 96 340L98 292Q100 266 110 250L128 224Q140 206 164 198Q220 182 300 177Q390 172 444 180Q474 186 496 202L584 258Q660 268 690 282Q704 290 704 310L705 352Q705 366 694 366",
    glass: "M150 254Q160 226 178 214Q230 194 302 189Q390 184 440 191Q464 196 480 208L550 258Z",
    pillars: [
      [372, 258, 374, 186],
      [222, 256, 230, 200],
    ],
    doors: "M376 262L373 364M552 264Q548 284 552 300M226 262Q240 286 252 306",
    handles: [
      [350, 274],
      [524, 276],
    ],
    shoulder: "M98 282Q400 268 704 296",
    head: "M644 278L692 290Q704 296 701 306L652 298Z",
    tail: "M100 268L114 240Q124 236 132 240L128 270Q116 276 100 276Z",
    mirror: "M560 254Q568 238 590 240L592 258Q574 262 560 254Z",
    bumper: "M656 336L705 332L705 350L662 352Z",
    rim: "twin",
    extra: "clad",
    lift: 14,
  },
  suv: {
    wheels: [208, 578],
    r: 55,
    sill: 362,
    frontX: 723,
    top: "M88 362Q78 356 78 334L80 274Q82 230 92 200L100 178Q106 164 124 162Q280 154 444 158Q476 162 498 180L586 246Q664 256 702 270Q722 278 722 300L723 348Q723 362 711 362",
    glass: "M110 244L116 188Q120 175 134 174Q280 166 440 170Q466 174 484 188L554 244Z",
    pillars: [
      [372, 244, 374, 168],
      [214, 244, 216, 172],
    ],
    doors: "M376 248L373 360M552 250Q548 274 552 292M216 250Q226 276 240 296",
    handles: [
      [348, 264],
      [524, 266],
    ],
    shoulder: "M80 272Q400 258 722 286",
    head: "M662 262L708 272Q720 278 718 288L670 282Z",
    tail: "M80 256L88 210Q98 208 104 214L104 256Q94 264 80 264Z",
    mirror: "M564 242Q572 224 594 226L596 246Q578 250 564 242Z",
    bumper: "M670 326L723 322L723 342L676 344Z",
    rim: "six",
    extra: "rails",
    lift: 6,
  },
  "hot-hatch": {
    wheels: [212, 590],
    r: 52,
    sill: 374,
    frontX: 722,
    top: "M88 374Q78 368 78 348L80 306Q82 282 94 270L112 258Q150 244 200 234Q262 214 330 209Q400 204 452 210Q482 215 504 230L588 276Q666 284 704 298Q722 306 722 326L722 360Q722 373 710 374",
    glass: "M176 256Q230 230 300 220Q400 212 448 219Q474 223 492 236L556 276Z",
    pillars: [[394, 268, 396, 214]],
    doors: "M398 272L395 372M552 280Q548 304 556 326M232 262Q246 290 256 316",
    handles: [
      [372, 290],
      [522, 292],
    ],
    shoulder: "M80 296Q400 282 720 310",
    head: "M654 290L704 302Q716 308 713 318L662 308Z",
    tail: "M80 282L90 268Q104 264 118 262L118 276Q100 282 82 292Z",
    mirror: "M562 272Q570 256 592 258L594 276Q576 280 562 272Z",
    bumper: "M640 330L722 326L722 352L690 356L652 356L640 348Z",
    rim: "sport",
    extra: "wing",
  },
  mpv: {
    wheels: [190, 587],
    r: 49,
    sill: 373,
    frontX: 730,
    top: "M78 373Q68 367 68 346L70 270Q72 216 80 184L88 166Q94 154 112 152Q300 144 470 148Q500 152 520 168L608 240Q676 252 710 268Q728 278 728 300L730 356Q730 372 718 373",
    glass: "M92 242L98 174Q102 164 116 163Q300 155 466 159Q490 162 506 176L576 240Z",
    pillars: [
      [420, 242, 422, 158],
      [270, 242, 272, 158],
      [120, 242, 124, 164],
    ],
    doors: "M424 246L421 371M574 246Q570 276 572 300M274 246L272 371",
    handles: [
      [398, 268],
      [548, 270],
      [286, 268],
    ],
    shoulder: "M70 258Q400 246 728 286",
    head: "M670 262L716 276Q728 284 724 294L678 284Z",
    tail: "M70 236L78 190Q88 188 94 194L92 240Q82 246 70 244Z",
    mirror: "M584 238Q592 222 614 224L616 242Q598 246 584 238Z",
    bumper: "M684 340L730 336L730 356L690 358Z",
    rim: "five",
    extra: "track",
  },
};

function carWheel(p: string, cx: number, cy: number, r: number, rim: CarSpec["rim"]): string {
  const rr = r * (rim === "sport" ? 0.76 : 0.68);
  const face = rim === "sport" ? "#2d3034" : `url(#${p}m)`;
  const count = rim === "six" ? 6 : rim === "twin" ? 10 : 5;
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${TYRE}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${n(r - 4)}" fill="none" stroke="#303236" stroke-width="2"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${n(rr)}" fill="#2a2c2f"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${n(rr * 0.62)}" fill="#80868c"/>` +
    (rim === "sport"
      ? `<rect x="${n(cx + rr * 0.25)}" y="${n(cy - rr * 0.5)}" width="${n(rr * 0.3)}" height="${n(rr * 0.5)}" rx="3" fill="#c8102e"/>`
      : "") +
    `<path d="${spokes(cx, cy, rr * 0.2, rr * 0.94, count)}" stroke="${face}" stroke-width="${rim === "twin" ? 4 : 7}" stroke-linecap="round"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${n(rr)}" fill="none" stroke="${rim === "sport" ? "#3b3f44" : "#d5d9dd"}" stroke-width="3"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${n(rr * 0.2)}" fill="${face}"/>`
  );
}

function archPath(cx: number, cy: number, ar: number, sill: number): string {
  const dx = Math.sqrt(ar * ar - (sill - cy) ** 2);
  return `M${n(cx - dx)} ${sill}A${ar} ${ar} 0 1 1 ${n(cx + dx)} ${sill}Z`;
}

function drawCar(shape: (typeof CAR_SHAPES)[number], hex: string, p: string): string {
  const s = CARS[shape];
  const [wr, wf] = s.wheels;
  const lift = s.lift ?? 0;
  // Wheel centre in the body's own coordinates (the body is drawn `lift` px higher).
  const cy = GROUND_Y - s.r + lift;
  const ar = s.r + 7;
  const d = Math.sqrt(ar * ar - (s.sill - cy) ** 2);
  const body =
    `${s.top}L${s.frontX} ${s.sill}` +
    `L${n(wf + d)} ${s.sill}A${ar} ${ar} 0 1 0 ${n(wf - d)} ${s.sill}` +
    `L${n(wr + d)} ${s.sill}A${ar} ${ar} 0 1 0 ${n(wr - d)} ${s.sill}Z`;
  const dark = edgeColour(hex);
  const edge = shade(hex, 0.45);
  const light = tint(hex, 0.55);
  const suv = s.extra === "rails" || s.extra === "clad";
  let o = `${shadow(p, (wr + wf) / 2, (wf - wr) / 2 + 170)}<g transform="translate(0 -${lift})">`;
  o += fill(archPath(wr, cy, ar + 1, s.sill) + archPath(wf, cy, ar + 1, s.sill), "#0e0f10");
  if (s.extra === "rails") {
    const [x1, x2, y] = [130, 446, 154];
    o +=
      line(`M${x1} ${y + 2}L${x2} ${y - 2}`, TRIM, 6) + line(`M${x1 + 20} ${y + 2}v8M${x2 - 20} ${y - 2}v8`, TRIM, 5);
  }
  o += fill(body, `url(#${p}b)`, ` stroke="${edge}" stroke-width="1.5"`);
  // Lower body: shade between the wheels; black cladding and arch mouldings on SUVs and the hot hatch.
  const clad = suv || s.extra === "wing";
  const sillTop = s.sill - (clad ? 14 : 10);
  o += fill(
    `M${n(wr + d - 2)} ${s.sill}L${n(wf - d + 2)} ${s.sill}L${n(wf - d - 6)} ${sillTop}L${n(wr + d + 6)} ${sillTop}Z`,
    clad ? TRIM : dark,
    clad ? "" : ' opacity=".55"',
  );
  if (suv) {
    o += `<path d="${archPath(wr, cy, ar + 3, s.sill)}${archPath(wf, cy, ar + 3, s.sill)}" fill="none" stroke="${TRIM}" stroke-width="8"/>`;
  } else {
    o += `<path d="${archPath(wr, cy, ar + 1, s.sill)}${archPath(wf, cy, ar + 1, s.sill)}" fill="none" stroke="${dark}" stroke-width="2" opacity=".6"/>`;
  }
  o += fill(s.glass, `url(#${p}g)`) + fill(s.glass, `url(#${p}r)`);
  for (const [x1, y1, x2, y2] of s.pillars) o += line(`M${x1} ${y1}L${x2} ${y2}`, TRIM, 9);
  o += `<path d="${s.shoulder}" fill="none" stroke="${light}" stroke-width="2.5" opacity=".75"/>`;
  o += `<path d="${s.doors}" fill="none" stroke="${dark}" stroke-width="2" opacity=".8"/>`;
  for (const [x, y] of s.handles) o += `<rect x="${x}" y="${y}" width="22" height="5" rx="2.5" fill="${dark}"/>`;
  o += fill(s.mirror, shade(hex, 0.12)) + fill(s.mirror, TRIM, ' opacity=".35"');
  o += fill(s.head, LAMP, ' stroke="#56606a" stroke-width="1.5"');
  o += fill(s.tail, TAIL, ' stroke="#5e0910" stroke-width="1.5"');
  o += fill(s.bumper, TRIM);
  if (s.extra === "wing") {
    o +=
      line("M114 258L112 226M150 246L148 220", TRIM, 6) +
      fill("M72 222L178 212L180 224L80 236Z", TRIM) +
      fill("M70 208L84 208L86 240L72 240Z", TRIM) +
      fill("M500 292L542 292L534 326L490 326Z", TRIM) +
      line("M512 296L504 322M526 296L518 322", shade(hex, 0.2), 3) +
      fill("M630 370L722 364L722 373L636 376Z", "#c8102e") +
      fill(
        `M${n(wr + d + 6)} ${sillTop + 2}L${n(wf - d - 6)} ${sillTop + 2}L${n(wf - d - 6)} ${sillTop + 5}L${n(wr + d + 6)} ${sillTop + 5}Z`,
        "#c8102e",
      ) +
      fill("M78 350L136 350L146 374L88 374Z", TRIM);
  }
  if (s.extra === "track") o += line("M110 250L268 250", dark, 3);
  o += `</g>${carWheel(p, wr, cy - lift, s.r, s.rim)}${carWheel(p, wf, cy - lift, s.r, s.rim)}`;
  return o;
}

// ---------------------------------------------------------------- motorcycles

function bikeWheel(cx: number, r: number, kind: "cast" | "wire" | "knobbly" | "small", tyre = 14, disc = true): string {
  const cy = GROUND_Y - r;
  const rimR = r - tyre;
  let o = `<circle cx="${cx}" cy="${cy}" r="${n(r - tyre / 2)}" fill="none" stroke="${TYRE}" stroke-width="${tyre}"/>`;
  if (kind === "knobbly") {
    o += `<circle cx="${cx}" cy="${cy}" r="${n(r + 1)}" fill="none" stroke="${TYRE}" stroke-width="6" stroke-dasharray="5 4"/>`;
  }
  const wire = kind === "wire" || kind === "knobbly";
  o += `<circle cx="${cx}" cy="${cy}" r="${n(rimR - 2)}" fill="none" stroke="${wire ? "#b9bec3" : "#2f3236"}" stroke-width="${wire ? 4 : 6}"/>`;
  if (disc) {
    o += `<circle cx="${cx}" cy="${cy}" r="${n(r * 0.42)}" fill="#b4babf" stroke="#8a9096" stroke-width="2"/>`;
    o += `<circle cx="${cx}" cy="${cy}" r="${n(r * 0.26)}" fill="#6b7177"/>`;
  }
  o += wire
    ? `<path d="${spokes(cx, cy, 8, rimR - 4, 18, 0)}" stroke="#9ba2a8" stroke-width="1.5"/>`
    : `<path d="${spokes(cx, cy, 8, rimR - 3, kind === "small" ? 5 : 3)}" stroke="#2f3236" stroke-width="${kind === "small" ? 7 : 9}" stroke-linecap="round"/>` +
      `<path d="${spokes(cx, cy, 8, rimR - 3, 3, -60)}" stroke="#2f3236" stroke-width="${kind === "small" ? 0 : 5}"/>`;
  o += `<circle cx="${cx}" cy="${cy}" r="8" fill="${DARK_METAL}" stroke="#9ba2a8" stroke-width="2"/>`;
  return o;
}

function line(d: string, colour: string, width: number): string {
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function fill(d: string, colour: string, extra = ""): string {
  return `<path d="${d}" fill="${colour}"${extra}/>`;
}

/** Drive chain from the rear sprocket (at the axle) to the gearbox sprocket. */
function chain(rx: number, ry: number, fx: number, fy: number): string {
  return (
    `<path d="M${rx} ${ry - 17}L${fx} ${fy - 8}M${rx} ${ry + 17}L${fx} ${fy + 8}" stroke="#1d1f22" stroke-width="3"/>` +
    `<circle cx="${rx}" cy="${ry}" r="17" fill="none" stroke="#5b6066" stroke-width="4"/><circle cx="${fx}" cy="${fy}" r="8" fill="#5b6066"/>`
  );
}

function lamp(cx: number, cy: number, r: number): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${TRIM}"/><ellipse cx="${cx + r * 0.45}" cy="${cy}" rx="${n(r * 0.45)}" ry="${n(r * 0.82)}" fill="${LAMP}"/>`;
}

/** What every motorcycle is painted with: its colour's gradient, shades and the metal, frame and engine greys. */
type BikePaint = {
  hex: string;
  p: string;
  painted: (d: string, extra?: string) => string;
  dark: string;
  light: string;
  metal: string;
  frame: string;
  engine: string;
};

function bikePaint(hex: string, p: string): BikePaint {
  const outline = shade(hex, 0.45);
  return {
    hex,
    p,
    painted: (d, extra = "") => fill(d, `url(#${p}b)`, ` stroke="${outline}" stroke-width="1.2"${extra}`),
    dark: edgeColour(hex),
    light: tint(hex, 0.5),
    metal: `url(#${p}m)`,
    frame: "#2c2f33",
    engine: "#4a4e54",
  };
}

function sportBike({ hex, p, painted, dark, light, metal, frame, engine }: BikePaint): string {
  let o = "";
  o += shadow(p, 410, 230);
  o += bikeWheel(228, 78, "cast", 17) + bikeWheel(590, 76, "cast", 15);
  o += chain(228, 327, 400, 300) + line("M228 327L384 294", frame, 16) + line("M242 321L374 295", "#4a4e54", 4);
  o += line("M384 292L252 194M370 286L330 226", frame, 7);
  o += fill("M392 240L486 230L498 300L462 340L396 334Z", engine);
  o += fill("M540 188L558 204L420 300L388 290Z", "#8d949b");
  o += line("M590 329L538 190", METAL, 11) + line("M590 329L572 282", "#c9a227", 14);
  o += fill("M314 270L392 286L388 306L310 292Z", metal);
  o += painted("M222 174Q270 184 310 200L344 214L340 232Q300 232 270 216L230 186Z");
  o += fill("M306 200Q350 214 412 212L414 226Q360 232 318 222Z", TRIM);
  o += painted("M406 214Q424 190 470 184Q520 178 548 190L540 226Q480 232 420 236Z");
  o += painted(
    "M542 194Q600 180 632 204L648 224L640 236Q612 242 594 256Q570 290 552 330Q540 352 512 356L446 358Q420 352 422 332L436 300Q452 270 486 252Q510 236 536 226Z",
  );
  o += fill("M494 300Q516 276 548 268L536 302Q520 322 498 328Z", dark, ' opacity=".6"');
  o += line("M430 204Q480 188 540 192M556 214Q598 204 632 218M446 330Q470 290 520 262", light, 2.5);
  o += line("M594 258Q568 296 552 336", shade(hex, 0.5), 3);
  o += fill(
    "M544 194Q556 160 596 154L608 168Q590 182 586 198Z",
    SCREEN,
    ' opacity=".6" stroke="#3a4046" stroke-width="2"',
  );
  o += fill("M614 212L644 222L642 232L618 226Z", LAMP, ' stroke="#56606a"');
  o += painted("M554 262Q590 242 628 256L624 266Q592 254 560 270Z");
  o += `${line("M566 192L584 182", TRIM, 5)}<circle cx="388" cy="276" r="5" fill="${TRIM}"/>`;
  o += fill("M222 174L240 178L236 186Z", TAIL);
  return o;
}

function nakedBike({ p, painted, dark, light, frame, engine }: BikePaint): string {
  let o = "";
  o += shadow(p, 410, 230);
  o += bikeWheel(230, 78, "cast", 17) + bikeWheel(584, 76, "cast", 15);
  o += chain(230, 327, 404, 302) + line("M230 327L384 296", frame, 16) + line("M244 321L376 297", "#4a4e54", 4);
  o += line("M386 292L256 200M376 286L340 222", frame, 7);
  o += line("M584 329L536 184", METAL, 11) + line("M584 329L566 276", "#c9a227", 14);
  o += line("M534 192L468 212L392 294M534 200L500 262", frame, 10);
  o += fill("M412 242L500 226L512 288L430 300Z", "#70757c");
  o += line("M418 254L502 239M420 266L505 252M422 278L508 265", "#3d4146", 3);
  o += fill("M398 290L510 282L498 338L420 346Z", engine);
  o += line("M506 248Q552 300 506 348L404 354M498 250Q542 300 498 340L404 344", METAL, 5);
  o += fill("M336 336Q372 330 412 338L412 362Q372 366 334 358Z", "#5b6066");
  o += painted("M244 184Q296 192 340 206L346 228Q300 230 272 214Z");
  o += fill("M300 204Q350 204 414 214L420 232Q360 236 310 222Z", TRIM);
  o += painted("M408 220Q414 188 470 180Q522 174 550 190L540 230Q480 238 418 238Z");
  o += painted("M494 232L546 220L542 264L508 268Z");
  o += fill("M494 232L546 220L542 232L498 242Z", dark, ' opacity=".6"');
  o += line("M430 206Q480 190 540 192", light, 2.5);
  o += line("M534 184L522 162L500 164", frame, 6);
  o += lamp(566, 206, 20);
  o += painted("M550 264Q582 248 614 262L610 270Q584 260 556 274Z");
  o += fill("M244 184L258 188L256 196Z", TAIL);
  return o;
}

function adventureBike({ p, painted, dark, light, metal, frame, engine }: BikePaint): string {
  let o = "";
  o += shadow(p, 410, 240);
  o += bikeWheel(222, 78, "wire", 16) + bikeWheel(604, 86, "wire", 13);
  o += chain(222, 327, 398, 296) + line("M222 327L380 288", "#8d949b", 15);
  o += line("M382 284L250 182M372 280L330 206", frame, 7);
  o += line("M604 319L538 140", TRIM, 13) + line("M604 319L580 254", "#c9a227", 15);
  o += line("M538 150L470 184L392 284M538 160L480 306", frame, 9);
  o += fill("M392 244L486 234L494 306L404 318Z", engine);
  o += line("M400 256L488 247M402 270L490 262", "#33363a", 3);
  o += fill("M330 206L440 226L440 252L394 284L376 280Z", "#3a3d41");
  o += fill("M394 310L492 298L504 324L404 336Z", metal);
  o += fill("M262 248L346 266L342 290L258 272Z", metal);
  o += painted(
    "M226 164Q270 168 306 178Q370 184 420 192Q438 160 496 148L548 146L604 146Q622 158 624 180L606 200L562 208L556 250Q530 266 498 270L452 262L444 234Q420 216 400 214L330 206L262 200Z",
  );
  o += fill("M306 178Q370 184 424 194L428 208Q370 210 312 196Z", TRIM);
  o += fill("M448 244Q500 232 556 222L556 250Q530 266 498 270L452 262Z", dark, ' opacity=".55"');
  o += line("M436 184Q490 158 552 156M560 196L556 250", light, 2.5);
  o += fill("M548 148L560 90Q576 80 598 88L590 146Z", SCREEN, ' opacity=".55" stroke="#3a4046" stroke-width="2"');
  o += painted("M604 180L656 206L650 218L600 204Z");
  o += fill("M600 156L618 162Q624 170 622 182L602 184Z", LAMP, ' stroke="#56606a" stroke-width="2"');
  o += painted("M560 228Q606 212 652 228L648 236Q606 224 566 238Z");
  o += line("M540 142L526 128L506 130", frame, 6) + painted("M498 120L528 120L522 138Z");
  o += `<rect x="166" y="210" width="108" height="80" rx="6" fill="${metal}" stroke="#6b7177" stroke-width="3"/>`;
  o += line("M166 226H274M180 210V290M260 210V290", "#6b7177", 2);
  o += fill("M226 164L244 168L242 176Z", TAIL);
  return o;
}

function cruiserBike({ p, painted, light, frame, engine }: BikePaint): string {
  let o = "";
  o += shadow(p, 425, 260);
  o += bikeWheel(218, 70, "cast", 24) + bikeWheel(634, 72, "wire", 14);
  o += line("M218 335L386 318", frame, 14) + line("M318 322L336 262", "#5b6066", 7);
  o += line("M634 333L556 184", METAL, 10) + line("M634 333L606 282", TRIM, 16);
  o += line("M556 192L500 236L404 322M548 204L540 320L404 330", frame, 9);
  o += fill("M392 318L530 314L520 362L404 364Z", engine);
  o += fill("M410 324L444 250L476 258L448 332Z", "#6f747b");
  o += fill("M476 332L502 254L534 262L512 336Z", "#6f747b");
  o += line(
    "M416 304L448 311M424 286L456 293M432 268L462 275M484 304L514 312M490 286L520 294M496 268L525 276",
    "#3d4146",
    3,
  );
  o += line("M470 344L246 366M444 334L250 350", METAL, 9);
  o += painted("M148 300Q176 244 242 240L312 250L306 268Q236 262 206 282Q186 298 174 314Z");
  o += fill("M296 250Q334 270 386 260Q416 254 436 236L444 252Q408 280 342 282Q300 280 288 264Z", TRIM);
  o += painted("M428 244Q438 206 500 200Q546 198 564 220L548 244Q500 256 432 254Z");
  o += line("M448 220Q490 206 546 210", light, 2.5);
  o += line("M556 190L544 156L502 160", METAL, 6) + line("M502 160L486 164", TRIM, 8);
  o += lamp(584, 204, 19);
  o += painted("M582 284Q634 252 688 284L682 292Q634 266 590 292Z");
  o += fill("M146 294L162 288L160 304Z", TAIL);
  return o;
}

function scooterBike({ p, painted, dark, light, metal, engine }: BikePaint): string {
  let o = "";
  o += shadow(p, 415, 220);
  o += bikeWheel(252, 54, "small", 15, false) + bikeWheel(582, 54, "small", 15, false);
  o += fill("M246 342L340 306L398 318L378 350L262 366Z", engine);
  o += fill("M272 332Q310 326 346 332L344 350Q310 354 270 348Z", metal);
  o += line("M582 351L556 252", METAL, 10);
  o += painted(
    "M176 236Q188 226 226 224L392 222Q424 228 422 262L420 312L500 312Q512 250 536 186Q546 162 570 158Q594 166 604 198Q614 240 600 282Q590 302 568 308L522 340L420 344Q392 328 360 316Q320 300 290 294Q246 288 212 272Q180 258 176 236Z",
  );
  o += fill("M420 312L500 312L522 340L420 344Z", TRIM);
  o += fill("M290 294Q320 300 360 316L340 326Q310 312 282 308Z", dark, ' opacity=".6"');
  o += fill("M214 224Q300 210 392 216L404 234L226 240Z", TRIM);
  o += fill("M212 226Q234 206 268 212L264 224Z", TRIM);
  o += line("M196 256Q300 250 410 254M520 300Q546 230 562 184", light, 2.5);
  o += line("M188 222L222 214", METAL, 5);
  o += fill("M550 162L568 112L592 116L580 166Z", SCREEN, ' opacity=".6" stroke="#3a4046" stroke-width="2"');
  o += line("M558 160L536 152", TRIM, 7);
  o += fill("M594 180L614 198Q616 208 608 212L590 196Z", LAMP, ' stroke="#56606a"');
  o += painted("M538 300Q582 280 626 300L620 308Q582 290 544 310Z");
  o += fill("M176 236L192 230L190 248Z", TAIL);
  return o;
}

function tourerBike({ p, painted, dark, light, metal, frame, engine }: BikePaint): string {
  let o = "";
  o += shadow(p, 415, 260);
  o += bikeWheel(218, 74, "cast", 19) + bikeWheel(614, 74, "cast", 16);
  o += line("M218 331L382 304", frame, 16);
  o += line("M614 331L562 200", METAL, 12) + line("M614 331L596 284", TRIM, 16);
  o += fill("M378 292L536 290L530 354L390 356Z", engine);
  o += fill("M470 306H540V346H470Z", "#70757c");
  o += line("M476 316H534M476 326H534M476 336H534", "#3d4146", 3);
  o += fill("M300 232L446 236L446 282L384 298L306 294Z", "#3a3d41");
  o += fill("M226 318L366 326L362 342L222 334Z", metal);
  o += painted("M168 206L300 210L312 236L174 240Z");
  o += painted("M152 240Q152 228 166 228L292 230Q308 232 308 248L304 290Q298 306 282 306L178 306Q158 304 156 288Z");
  o += fill("M156 284Q230 292 306 284L304 290Q298 306 282 306L178 306Q158 304 156 288Z", dark, ' opacity=".5"');
  o += line("M162 246L300 248", TAIL, 6) + line("M166 262L302 264", dark, 2);
  o += painted("M158 150Q158 132 180 130H262Q282 132 284 150L286 204L158 206Z");
  o += fill("M158 186H284V194H158Z", TAIL);
  o += line("M170 144Q220 138 272 144", light, 2.5);
  o += fill("M268 172Q292 168 306 210L294 218Q286 194 264 190Z", TRIM);
  o += fill("M294 208Q344 214 386 220Q420 224 446 212L454 232Q404 248 296 240Z", TRIM);
  o += painted("M440 226Q476 190 524 186Q602 176 654 222L650 246Q624 262 604 300L548 312L520 282L470 272L440 264Z");
  o += fill("M548 262L604 252L596 300L552 308Z", dark, ' opacity=".5"');
  o += line("M458 216Q510 194 600 196", light, 2.5);
  o += fill("M534 190L558 96L600 100L590 184Z", SCREEN, ' opacity=".55" stroke="#3a4046" stroke-width="2"');
  o += fill("M624 208L656 226L652 240L626 230Z", LAMP, ' stroke="#56606a"');
  o += line("M572 192L598 184", TRIM, 6);
  o += painted("M580 262Q620 246 662 262L658 270Q620 256 586 270Z");
  return o;
}

function trailBike({ p, painted, dark, light, metal, frame, engine }: BikePaint): string {
  let o = "";
  o += shadow(p, 412, 240);
  o += bikeWheel(222, 78, "knobbly", 14) + bikeWheel(606, 86, "knobbly", 12);
  o += chain(222, 327, 400, 296) + line("M222 327L378 286", "#9aa1a8", 13);
  o += line("M380 282L250 186M370 278L320 204", frame, 6);
  o += line("M606 319L546 146", "#d4a21c", 11) + line("M606 319L590 272", TRIM, 14);
  o += line("M544 160L470 196L392 286M544 168L466 330", frame, 7);
  o += fill("M404 250L470 240L482 318L414 328Z", engine);
  o += line("M412 262L470 252M412 274L472 264M414 286L474 276", "#2a2d31", 3);
  o += fill("M408 330L494 316L500 334L418 346Z", metal);
  o += line("M476 262Q506 300 456 324L372 306Q330 282 312 246", METAL, 6);
  o += fill("M250 212L336 230L330 256L244 238Z", metal);
  o += painted("M216 174L304 184L306 202L236 194Z");
  o += fill("M288 184L480 172Q494 174 490 188L294 202Z", TRIM);
  o += painted("M296 202L386 196L372 254L306 244Z");
  o += fill("M310 214L370 210L362 238L314 232Z", dark, ' opacity=".45"');
  o += painted("M464 186L548 170L536 244L474 254Q458 222 464 186Z");
  o += fill("M480 236L536 226L536 244L474 254Z", dark, ' opacity=".5"');
  o += line("M474 196Q510 184 544 178", light, 2.5);
  o += line("M540 148L520 136L496 140", frame, 5) + painted("M488 132L514 132L508 146Z");
  o += painted("M552 148L590 158L600 212L574 216L554 182Z");
  o += fill("M584 170L596 176L600 200L588 200Z", LAMP);
  o += painted("M562 224Q624 202 682 224L676 234Q624 216 568 236Z");
  o += fill("M216 174L232 176L230 184Z", TAIL);
  return o;
}

/** Each motorcycle shape's drawing; any other shape is drawn as a trail bike. */
const BIKES: Partial<Record<VehicleShape, (paint: BikePaint) => string>> = {
  sport: sportBike,
  naked: nakedBike,
  adventure: adventureBike,
  cruiser: cruiserBike,
  scooter: scooterBike,
  tourer: tourerBike,
};

function drawBike(shape: VehicleShape, hex: string, p: string): string {
  return (BIKES[shape] ?? trailBike)(bikePaint(hex, p));
}

/** The vehicle alone, drawn facing right in 800x500 space, standing on y = GROUND_Y. */
export function drawVehicle(shape: VehicleShape, hex: string, p = "v"): VehicleDrawing {
  const h = normaliseHex(hex);
  const isCar = (CAR_SHAPES as readonly string[]).includes(shape);
  const body = isCar ? drawCar(shape as (typeof CAR_SHAPES)[number], h, p) : drawBike(shape, h, p);
  return { defs: paintDefs(p, h), body };
}

// ---------------------------------------------------------------- scenes

function sky(top: string, bottom: string): string {
  return `<linearGradient id="sa" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
}

const ROAD_DEFS = `<linearGradient id="sr" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8c9297"/><stop offset="1" stop-color="#62686d"/></linearGradient>`;
/** Kerb and tarmac from y = 360 down; every vehicle stands at GROUND_Y on it. */
const ROAD = `<rect y="360" width="800" height="140" fill="url(#sr)"/><rect y="360" width="800" height="8" fill="#c9cdd1"/>`;

function sceneArt(scene: Scene): { defs: string; back: string } {
  switch (scene) {
    case "studio":
      return {
        defs:
          `<linearGradient id="sa" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f5f7"/>` +
          `<stop offset=".6" stop-color="#d9dde1"/><stop offset=".68" stop-color="#e4e7ea"/><stop offset="1" stop-color="#f7f8f9"/></linearGradient>` +
          `<radialGradient id="sb"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
        back: `<rect width="800" height="500" fill="url(#sa)"/><ellipse cx="400" cy="200" rx="420" ry="170" fill="url(#sb)" opacity=".8"/>`,
      };
    case "city":
      return {
        defs: sky("#b9d2e8", "#f1f5f8") + ROAD_DEFS,
        back:
          `<rect width="800" height="500" fill="url(#sa)"/>` +
          `<path d="M0 360V250h40v-40h50v60h30V170h60v190zM200 360V200l40-20 40 20v160zM290 360V120h70v240zM380 360V230h50v-70h40v200zM480 360V190h80v170zM580 360V140l30-30 30 30v220zM660 360V210h70v150zM740 360V240h60v120z" fill="#c3d0dc"/>` +
          `<path d="M300 140h50M300 160h50M300 180h50M300 200h50M490 210h60M490 230h60M490 250h60M590 160h40M590 180h40M590 200h40" stroke="#d8e1ea" stroke-width="6"/>` +
          `<path d="M0 360V300h70v-30h60v90zM150 360V280h50v80zM420 360V290h70v70zM640 360V280h90v80zM730 360V310h70v50z" fill="#a7b6c4"/>` +
          ROAD +
          `<path d="M20 468h70M160 468h70M300 468h70M440 468h70M580 468h70M720 468h70" stroke="#f2f2f2" stroke-width="5"/>`,
      };
    case "coast":
      return {
        defs:
          sky("#86bfe6", "#e6f3fb") +
          `<linearGradient id="sb" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2c7db4"/><stop offset="1" stop-color="#66b6dc"/></linearGradient>` +
          ROAD_DEFS,
        back:
          `<rect width="800" height="500" fill="url(#sa)"/><circle cx="660" cy="96" r="36" fill="#fff7dc"/>` +
          `<path d="M60 120q20-22 50-10q20-18 44 0q26-4 28 14H58zM420 80q16-16 40-8q18-14 38 0q22-2 22 12H418z" fill="#fff" opacity=".85"/>` +
          `<path d="M0 268Q50 226 110 230Q170 236 230 270zM560 270Q640 238 720 246Q770 252 800 266V270z" fill="#7fa0b6"/>` +
          `<rect y="268" width="800" height="100" fill="url(#sb)"/>` +
          `<path d="M40 292h90M210 312h120M480 298h100M620 330h130M90 344h110" stroke="#dff3fc" stroke-width="3" opacity=".7"/>` +
          `<path d="M0 368Q400 350 800 368V380H0z" fill="#eadbb6"/>` +
          ROAD,
      };
    case "mountain":
      return {
        defs: sky("#a5c9e6", "#f3efe6") + ROAD_DEFS,
        back:
          `<rect width="800" height="500" fill="url(#sa)"/>` +
          `<path d="M0 250L70 112L92 86L112 108L150 104L168 96H566L590 118L624 170L652 180L690 128L708 112L726 126L752 196L800 240V360H0z" fill="#8ea4b8"/>` +
          `<path d="M200 104l-6 60M246 100l-4 80M300 100l-2 50M352 100v90M410 100l2 60M462 100l4 84M520 100l6 56M112 110l-20 90M690 130l12 70" stroke="#9fb3c5" stroke-width="2" opacity=".45"/>` +
          `<path d="M158 100Q176 84 206 90Q236 76 272 86Q310 74 350 84Q392 72 432 84Q474 74 512 86Q548 80 574 98Q582 108 570 110Q562 122 550 112Q536 124 522 110Q480 114 440 106Q400 116 360 106Q320 114 280 106Q236 114 200 106Q176 112 158 100Z" fill="#fff" opacity=".92"/>` +
          `<path d="M0 320Q200 286 400 304T800 300V360H0z" fill="#93ab8e"/>` +
          ROAD,
      };
  }
}

/** A complete 800x500 picture of one vehicle on a backdrop. `hex` is six hex digits (with or without '#'). */
export function renderVehicleSvg(shape: VehicleShape, hex: string, scene: Scene): string {
  const { width, height } = VEHICLE_IMAGE_SIZE;
  const v = drawVehicle(shape, hex);
  const s = sceneArt(scene);
  const title = `${SHAPE_LABELS[shape]} ${SCENE_LABELS[scene]}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">` +
    `<title>${title}</title><defs>${s.defs}${v.defs}</defs>${s.back}${v.body}</svg>`
  );
}
