/**
 * A model brochure as a small, hand-written PDF 1.4: Helvetica and Helvetica-Bold (standard Type1
 * fonts, not embedded, WinAnsiEncoding), A4 portrait, one or two pages, uncompressed text.
 */

export type BrochureInput = {
  make: string;
  model: string;
  description: string;
  variants: { name: string; price: number; powerKw: number; torqueNm: number; transmission: string }[];
  colours: string[];
};

export const BROCHURE_FOOTER = "Prices include VAT and are subject to change. E&OE.";

/** Rand amount as a dealer writes it: "R 459 900" (whole rands, groups of three split by spaces). */
export function formatRand(amount: number): string {
  const whole = Math.round(Math.abs(amount));
  const digits = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  return `${amount < 0 ? "-" : ""}R ${digits}`;
}

// ---------------------------------------------------------------- text encoding and metrics

/** Characters WinAnsiEncoding (Windows-1252) places in 0x80-0x9F. */
const CP1252: Record<number, number> = {
  0x20ac: 0x80,
  0x201a: 0x82,
  0x0192: 0x83,
  0x201e: 0x84,
  0x2026: 0x85,
  0x2020: 0x86,
  0x2021: 0x87,
  0x02c6: 0x88,
  0x2030: 0x89,
  0x0160: 0x8a,
  0x2039: 0x8b,
  0x0152: 0x8c,
  0x017d: 0x8e,
  0x2018: 0x91,
  0x2019: 0x92,
  0x201c: 0x93,
  0x201d: 0x94,
  0x2022: 0x95,
  0x2013: 0x96,
  0x2014: 0x97,
  0x02dc: 0x98,
  0x2122: 0x99,
  0x0161: 0x9a,
  0x203a: 0x9b,
  0x0153: 0x9c,
  0x017e: 0x9e,
  0x0178: 0x9f,
};

/**
 * Text as WinAnsi byte codes: printable ASCII and Latin-1 as they are, the Windows-1252
 * punctuation (curly quotes, dashes, bullet, euro…) to its code, white space to a space, and
 * anything else to '?'.
 */
export function toWinAnsi(text: string): number[] {
  const out: number[] = [];
  for (const ch of text.normalize("NFC")) {
    const cp = ch.codePointAt(0) ?? 63;
    if (cp === 9 || cp === 10 || cp === 13) out.push(32);
    else if ((cp >= 32 && cp <= 126) || (cp >= 160 && cp <= 255)) out.push(cp);
    else out.push(CP1252[cp] ?? 63);
  }
  return out;
}

/** Adobe AFM advance widths (1/1000 em) for codes 32-126 then 160-255. */
const METRICS = {
  F1: "278 278 355 556 556 889 667 191 333 333 389 584 278 333 278 278 556 556 556 556 556 556 556 556 556 556 278 278 584 584 584 556 1015 667 667 722 722 667 611 778 722 278 500 667 556 833 722 778 667 778 722 667 611 722 667 944 667 667 611 278 278 278 469 556 333 556 556 500 556 556 278 556 556 222 222 500 222 833 556 556 556 556 333 500 278 556 500 722 500 500 500 334 260 334 584 278 333 556 556 556 556 260 556 333 737 370 333 584 584 737 333 400 584 333 333 333 578 537 278 333 333 365 333 834 834 834 611 667 667 667 667 667 667 1000 722 667 667 667 667 278 278 278 278 722 722 778 778 778 778 778 584 778 722 722 722 722 667 667 611 556 556 556 556 556 556 889 500 556 556 556 556 278 278 278 278 556 556 556 556 556 556 556 584 611 556 556 556 556 500 556 500",
  F2: "278 333 474 556 556 889 722 238 333 333 389 584 278 333 278 278 556 556 556 556 556 556 556 556 556 556 333 333 584 584 584 611 975 722 722 722 722 667 611 778 722 278 556 722 611 833 722 778 667 778 722 667 611 722 667 944 667 667 611 333 278 333 584 556 333 556 611 556 611 556 333 611 611 278 278 556 278 889 611 611 611 611 389 556 333 611 556 778 556 556 500 389 280 389 584 278 333 556 556 556 556 280 556 333 737 370 333 584 584 737 333 400 584 333 333 333 611 556 278 333 333 365 333 834 834 834 611 722 722 722 722 722 722 1000 722 667 667 667 667 278 278 278 278 722 722 778 778 778 778 778 584 778 722 722 722 722 667 667 611 556 556 556 556 556 556 889 556 556 556 556 556 278 278 278 278 611 611 611 611 611 611 611 584 611 611 611 611 611 556 611 556",
} as const;

type Font = keyof typeof METRICS;

function widthTable(spec: string): number[] {
  const values = spec.split(" ").map(Number);
  const table = new Array<number>(256).fill(556);
  for (let c = 32; c <= 126; c++) table[c] = values[c - 32] ?? 556;
  for (let c = 160; c <= 255; c++) table[c] = values[c - 160 + 95] ?? 556;
  Object.assign(table, {
    0x85: 1000,
    0x91: 222,
    0x92: 222,
    0x93: 333,
    0x94: 333,
    0x95: 350,
    0x96: 556,
    0x97: 1000,
    0x99: 1000,
  });
  return table;
}

const WIDTHS: Record<Font, number[]> = { F1: widthTable(METRICS.F1), F2: widthTable(METRICS.F2) };

function textWidth(bytes: number[], font: Font, size: number): number {
  const table = WIDTHS[font];
  let w = 0;
  for (const b of bytes) w += table[b] ?? 556;
  return (w * size) / 1000;
}

/** Greedy word wrap to `width` points; over-long words are broken. */
function wrap(text: string, font: Font, size: number, width: number): number[][] {
  const words = toWinAnsi(text)
    .reduce<number[][]>(
      (acc, b) => {
        if (b === 32) acc.push([]);
        else acc[acc.length - 1]!.push(b);
        return acc;
      },
      [[]],
    )
    .filter((w) => w.length > 0);
  const lines: number[][] = [];
  let line: number[] = [];
  for (let word of words) {
    const candidate = line.length ? [...line, 32, ...word] : word;
    if (textWidth(candidate, font, size) <= width) {
      line = candidate;
      continue;
    }
    if (line.length) lines.push(line);
    line = [];
    while (textWidth(word, font, size) > width && word.length > 1) {
      let cut = word.length - 1;
      while (cut > 1 && textWidth(word.slice(0, cut), font, size) > width) cut--;
      lines.push(word.slice(0, cut));
      word = word.slice(cut);
    }
    line = word;
  }
  if (line.length) lines.push(line);
  return lines.length ? lines : [[]];
}

/** A PDF literal string: ( ) \ escaped, bytes outside printable ASCII as octal, so the file stays ASCII. */
function pdfString(bytes: number[]): string {
  let s = "(";
  for (const b of bytes) {
    if (b === 0x28 || b === 0x29 || b === 0x5c) s += `\\${String.fromCharCode(b)}`;
    else if (b < 32 || b > 126) s += `\\${b.toString(8).padStart(3, "0")}`;
    else s += String.fromCharCode(b);
  }
  return `${s})`;
}

// ---------------------------------------------------------------- layout

const PAGE = { width: 595, height: 842 } as const;
const MARGIN = 56;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = 84;
const MAX_PAGES = 2;

const INK = "0.17 0.18 0.18";
const MUTED = "0.42 0.44 0.46";
const RED = "0.784 0.063 0.180";

function num(v: number): string {
  return String(Math.round(v * 100) / 100);
}

class Layout {
  pages: string[][] = [[]];
  y = PAGE.height - MARGIN;
  /** Set when content did not fit on the last allowed page. */
  truncated = false;

  private get ops(): string[] {
    return this.pages[this.pages.length - 1]!;
  }

  /** Make room for `height` points, starting a new page when needed; false when out of pages. */
  room(height: number): boolean {
    if (this.truncated) return false;
    if (this.y - height >= BOTTOM) return true;
    if (this.pages.length >= MAX_PAGES) {
      this.truncated = true;
      return false;
    }
    this.pages.push([]);
    this.y = PAGE.height - MARGIN;
    return true;
  }

  text(bytes: number[], x: number, y: number, font: Font, size: number, colour = INK): void {
    this.ops.push(`BT /${font} ${num(size)} Tf ${colour} rg ${num(x)} ${num(y)} Td ${pdfString(bytes)} Tj ET`);
  }

  rect(x: number, y: number, w: number, h: number, colour: string): void {
    this.ops.push(`${colour} rg ${num(x)} ${num(y)} ${num(w)} ${num(h)} re f`);
  }

  rule(x1: number, x2: number, y: number, colour: string, width: number): void {
    this.ops.push(`${colour} RG ${num(width)} w ${num(x1)} ${num(y)} m ${num(x2)} ${num(y)} l S`);
  }

  /** Wrapped paragraph at the cursor. */
  paragraph(text: string, font: Font, size: number, leading: number, colour = INK): void {
    for (const line of wrap(text, font, size, CONTENT_WIDTH)) {
      if (!this.room(leading)) return;
      this.y -= leading;
      this.text(line, MARGIN, this.y + (leading - size) / 2, font, size, colour);
    }
  }

  heading(text: string): void {
    if (!this.room(48)) return;
    this.y -= 30;
    this.text(toWinAnsi(text), MARGIN, this.y, "F2", 14);
    this.rule(MARGIN, MARGIN + 40, this.y - 7, RED, 2);
    this.y -= 14;
  }
}

const COLUMNS: { title: string; x: number; width: number; right?: boolean }[] = [
  { title: "Variant", x: MARGIN, width: 168 },
  { title: "Price", x: 232, width: 76, right: true },
  { title: "Power", x: 318, width: 52, right: true },
  { title: "Torque", x: 378, width: 56, right: true },
  { title: "Transmission", x: 446, width: 93 },
];

function table(layout: Layout, rows: string[][]): void {
  const size = 9.5;
  const leading = 13;
  const header = () => {
    layout.rect(MARGIN, layout.y - 20, CONTENT_WIDTH, 20, "0.93 0.94 0.95");
    for (const c of COLUMNS) {
      const bytes = toWinAnsi(c.title);
      const x = c.right ? c.x + c.width - textWidth(bytes, "F2", 9) : c.x;
      layout.text(bytes, x + (c === COLUMNS[0] ? 6 : 0), layout.y - 14, "F2", 9);
    }
    layout.y -= 20;
  };
  if (!layout.room(20 + leading + 8)) return;
  header();
  for (const row of rows) {
    const cells = COLUMNS.map((c, i) => wrap(row[i] ?? "", "F1", size, c.width - (i === 0 ? 6 : 0)));
    const lines = Math.max(...cells.map((c) => c.length));
    const height = lines * leading + 8;
    const page = layout.pages.length;
    if (!layout.room(height)) return;
    if (layout.pages.length !== page) header();
    cells.forEach((cellLines, i) => {
      const c = COLUMNS[i]!;
      cellLines.forEach((bytes, j) => {
        const x = c.right ? c.x + c.width - textWidth(bytes, "F1", size) : c.x + (i === 0 ? 6 : 0);
        layout.text(bytes, x, layout.y - 4 - leading * (j + 1) + 3, "F1", size);
      });
    });
    layout.y -= height;
    layout.rule(MARGIN, MARGIN + CONTENT_WIDTH, layout.y, "0.85 0.86 0.87", 0.6);
  }
}

function build(input: BrochureInput, description: string): { pages: string[][]; title: string; truncated: boolean } {
  const layout = new Layout();
  const title = `${input.make} ${input.model}`.trim();

  // Header band with the title, shrunk to fit one line.
  const band = 96;
  layout.rect(0, PAGE.height - band, PAGE.width, band, RED);
  layout.text(toWinAnsi("NEW VEHICLE BROCHURE"), MARGIN, PAGE.height - 34, "F2", 9, "1 1 1");
  const titleBytes = toWinAnsi(title);
  let size = 26;
  while (size > 12 && textWidth(titleBytes, "F2", size) > CONTENT_WIDTH) size -= 1;
  const fitted = wrap(title, "F2", size, CONTENT_WIDTH)[0] ?? [];
  layout.text(fitted, MARGIN, PAGE.height - 68, "F2", size, "1 1 1");
  layout.y = PAGE.height - band - 20;

  if (description) layout.paragraph(description, "F1", 11, 16);

  if (input.variants.length) {
    layout.heading("Specifications");
    table(
      layout,
      input.variants.map((v) => [v.name, formatRand(v.price), `${v.powerKw} kW`, `${v.torqueNm} Nm`, v.transmission]),
    );
  }

  if (input.colours.length) {
    layout.heading("Colours");
    const colWidth = CONTENT_WIDTH / 2;
    for (let i = 0; i < input.colours.length; i += 2) {
      if (!layout.room(16)) break;
      layout.y -= 16;
      for (let j = 0; j < 2; j++) {
        const name = input.colours[i + j];
        if (name === undefined) continue;
        const x = MARGIN + j * colWidth;
        layout.rect(x, layout.y + 1, 7, 7, RED);
        const line = wrap(name, "F1", 10.5, colWidth - 24)[0] ?? [];
        layout.text(line, x + 14, layout.y + 1, "F1", 10.5);
      }
    }
  }

  // Footer on every page.
  const footer = toWinAnsi(BROCHURE_FOOTER);
  layout.pages.forEach((ops, i) => {
    ops.push(`${MUTED} RG 0.6 w ${MARGIN} 64 m ${PAGE.width - MARGIN} 64 l S`);
    ops.push(`BT /F1 8.5 Tf ${MUTED} rg ${MARGIN} 48 Td ${pdfString(footer)} Tj ET`);
    if (layout.pages.length > 1) {
      const label = toWinAnsi(`Page ${i + 1} of ${layout.pages.length}`);
      ops.push(
        `BT /F1 8.5 Tf ${MUTED} rg ${num(PAGE.width - MARGIN - textWidth(label, "F1", 8.5))} 48 Td ${pdfString(label)} Tj ET`,
      );
    }
  });
  return { pages: layout.pages, title, truncated: layout.truncated };
}

/** Lay out the brochure; a description too long for two pages is shortened so the specifications always fit. */
function layoutBrochure(input: BrochureInput): { pages: string[][]; title: string } {
  const description = input.description.trim();
  const full = build(input, description);
  if (!full.truncated) return full;
  const words = description.split(/\s+/);
  const shortened = (count: number): string => (count ? `${words.slice(0, count).join(" ")}\u2026` : "");
  let lo = 0;
  let hi = words.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (build(input, shortened(mid)).truncated) hi = mid - 1;
    else lo = mid;
  }
  return build(input, shortened(lo));
}

// ---------------------------------------------------------------- file structure

/** The brochure as PDF bytes. Deterministic: the same input gives the same bytes. */
export function renderBrochurePdf(input: BrochureInput): Uint8Array {
  const { pages, title } = layoutBrochure(input);
  // 1 catalog, 2 page tree, 3-4 fonts, 5 info, then a page and its content stream per page.
  const pageIds = pages.map((_, i) => 6 + i * 2);
  const objects: string[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    `<< /Title ${pdfString(toWinAnsi(`${title} brochure`))} /Producer (Dealer group website) >>`,
  ];
  for (const [i, ops] of pages.entries()) {
    const stream = ops.join("\n");
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`,
    );
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  }

  // Everything below is ASCII except the binary marker comment, so string length = byte offset.
  let out = "%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;

  const bytes = new Uint8Array(out.length);
  for (let i = 0; i < out.length; i++) bytes[i] = out.charCodeAt(i) & 0xff;
  return bytes;
}
