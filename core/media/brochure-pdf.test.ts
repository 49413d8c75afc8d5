import { describe, expect, it } from "vitest";
import { BROCHURE_FOOTER, formatRand, renderBrochurePdf, toWinAnsi, type BrochureInput } from "./brochure-pdf.ts";

const civic: BrochureInput = {
  make: "Honda",
  model: "Civic",
  description:
    "A sharp, well-built sedan with a refined turbo engine (1.5 litres), a quiet cabin and Honda SENSING driver assistance as standard. " +
    "It is as happy on the N1 as in Cape Town traffic.",
  variants: [
    { name: "1.5T Elegance CVT", price: 459900, powerKw: 131, torqueNm: 240, transmission: "CVT" },
    { name: "1.5T RS CVT", price: 549900, powerKw: 131, torqueNm: 240, transmission: "CVT" },
  ],
  colours: ["Platinum White Pearl", "Crystal Black Pearl", "Sonic Grey Pearl"],
};

const latin1 = (bytes: Uint8Array): string => Array.from(bytes, (b) => String.fromCharCode(b)).join("");

/** Check the structure a PDF reader relies on: header, trailer, and every xref offset. */
function expectValidPdf(pdf: Uint8Array): string {
  const text = latin1(pdf);
  expect(text.startsWith("%PDF-1.4\n")).toBe(true);
  expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\s*$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 5)).toBe("xref\n");
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref)) ?? [];
  expect(first).toBe("0");
  const entries = text
    .slice(startxref)
    .split("\n")
    .slice(2, 2 + Number(count));
  expect(entries[0]).toBe("0000000000 65535 f ");
  entries.slice(1).forEach((entry, i) => {
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
  });
  expect(text).toMatch(new RegExp(`trailer\\n<< /Size ${count} /Root 1 0 R`));
  // Every stream's /Length matches its bytes.
  for (const m of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = m.index + m[0].length;
    expect(text.slice(start + Number(m[1]), start + Number(m[1]) + "\nendstream".length)).toBe("\nendstream");
  }
  return text;
}

describe("formatRand", () => {
  it("groups thousands with spaces", () => {
    expect(formatRand(459900)).toBe("R 459 900");
    expect(formatRand(1039000)).toBe("R 1 039 000");
    expect(formatRand(999)).toBe("R 999");
    expect(formatRand(0)).toBe("R 0");
    expect(formatRand(24999.6)).toBe("R 25 000");
  });
});

describe("toWinAnsi", () => {
  it("keeps Latin-1, maps Windows-1252 punctuation and replaces the rest with '?'", () => {
    expect(toWinAnsi("Café")).toEqual([67, 97, 102, 0xe9]);
    expect(toWinAnsi("“R”–€")).toEqual([0x93, 82, 0x94, 0x96, 0x80]);
    expect(toWinAnsi("🚗 Ω 中")).toEqual([63, 32, 63, 32, 63]);
  });
});

describe("renderBrochurePdf", () => {
  it("writes a valid PDF 1.4 with the title, prices, specifications, colours and footer", () => {
    const text = expectValidPdf(renderBrochurePdf(civic));
    expect(text).toContain("(Honda Civic)");
    expect(text).toContain("(R 459 900)");
    expect(text).toContain("(R 549 900)");
    expect(text).toContain("(131 kW)");
    expect(text).toContain("(240 Nm)");
    expect(text).toContain("(Sonic Grey Pearl)");
    expect(text).toContain(`(${BROCHURE_FOOTER})`);
    expect(text).toContain("/BaseFont /Helvetica ");
    expect(text).toContain("/Encoding /WinAnsiEncoding");
    expect(text).toContain("/Count 1");
  });

  it("escapes ( ) \\ and keeps the file ASCII apart from the binary marker", () => {
    const pdf = renderBrochurePdf({ ...civic, model: "Civic (Type R) \\ 2025 – café 🚗" });
    const text = expectValidPdf(pdf);
    expect(text).toContain("(Honda Civic \\(Type R\\) \\\\ 2025 \\226 caf\\351 ?)");
    expect(Array.from(pdf.slice(15)).every((b) => b < 128)).toBe(true);
  });

  it("flows onto a second page, and never a third, keeping the specifications", () => {
    const long = { ...civic, description: "Plenty of space for the whole family and their luggage. ".repeat(400) };
    const text = expectValidPdf(renderBrochurePdf(long));
    expect(text).toContain("/Count 2");
    expect(text).toContain("(R 549 900)");
    expect(text).toContain("(Sonic Grey Pearl)");
    expect(text).toContain("\\205)");
  });

  it("is deterministic", () => {
    expect(renderBrochurePdf(civic)).toEqual(renderBrochurePdf(civic));
  });
});
