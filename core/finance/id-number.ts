/**
 * South African identity numbers: YYMMDD SSSS C A Z, 13 digits.
 * YYMMDD is the date of birth, SSSS the gender sequence, C the citizenship digit (0 citizen, 1 permanent
 * resident), A a legacy digit (usually 8) and Z a Luhn check digit over the first 12.
 * Pure code, shared by the browser and the server.
 */
export type IdNumberProblem = "format" | "date" | "citizenship" | "checkDigit";

export const ID_NUMBER_MESSAGES: Record<IdNumberProblem, string> = {
  format: "ID number must be 13 digits",
  date: "ID number must start with a valid date of birth (YYMMDD)",
  citizenship: "ID number is not valid: the 11th digit (citizenship) must be 0 or 1",
  checkDigit: "ID number is not valid: please check it for a typing mistake",
};

/** The Luhn check digit for a string of digits (the digit to append). */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  // Walk from the right: the digit next to the (missing) check digit is doubled, then every second one.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

function isValidDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/** The date of birth of a 13-digit number (1900s or 2000s: the latest that is not in the future), or null. */
export function idNumberBirthDate(id: string, today: Date = new Date()): Date | null {
  if (!/^\d{13}$/.test(id)) return null;
  const yy = Number(id.slice(0, 2));
  const mm = Number(id.slice(2, 4));
  const dd = Number(id.slice(4, 6));
  for (const century of [2000, 1900]) {
    const year = century + yy;
    if (!isValidDate(year, mm, dd)) continue;
    const date = new Date(Date.UTC(year, mm - 1, dd));
    if (date.getTime() <= today.getTime()) return date;
  }
  return null;
}

/** What is wrong with an identity number, or null when it is valid. Spaces are ignored. */
export function idNumberProblem(raw: string, today: Date = new Date()): IdNumberProblem | null {
  const id = raw.replace(/\s+/g, "");
  if (!/^\d{13}$/.test(id)) return "format";
  if (!idNumberBirthDate(id, today)) return "date";
  if (id[10] !== "0" && id[10] !== "1") return "citizenship";
  if (luhnCheckDigit(id.slice(0, 12)) !== Number(id[12])) return "checkDigit";
  return null;
}
