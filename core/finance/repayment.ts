/** product.md §9: the repayment estimate's defaults. */
export const REPAYMENT_DEFAULTS = {
  depositRand: 0,
  balloonPercent: 40,
  annualRatePercent: 12,
  termMonths: 72,
} as const;

export type RepaymentInput = {
  price: number;
  depositRand?: number;
  balloonPercent?: number;
  annualRatePercent?: number;
  termMonths?: number;
};

/**
 * Monthly instalment of a vehicle loan: an annuity on the amount financed (price less deposit) with a
 * balloon (a percentage of the price) paid as a lump sum together with the last instalment.
 * Returns rand rounded to the cent; never negative.
 */
export function monthlyRepayment(input: RepaymentInput): number {
  const { price } = input;
  const deposit = input.depositRand ?? REPAYMENT_DEFAULTS.depositRand;
  const balloon = (price * (input.balloonPercent ?? REPAYMENT_DEFAULTS.balloonPercent)) / 100;
  const months = Math.max(1, Math.round(input.termMonths ?? REPAYMENT_DEFAULTS.termMonths));
  const monthlyRate = (input.annualRatePercent ?? REPAYMENT_DEFAULTS.annualRatePercent) / 100 / 12;
  const financed = price - deposit;
  const payment =
    monthlyRate === 0
      ? (financed - balloon) / months
      : ((financed - balloon / (1 + monthlyRate) ** months) * monthlyRate) / (1 - (1 + monthlyRate) ** -months);
  return Math.max(0, Math.round(payment * 100) / 100);
}
