/** Nearest-rank quantiles and the summary every intercept benchmark prints. */

export interface Summary {
  median: number;
  p95: number;
  min: number;
  max: number;
}

export function quantile(values: number[], q: number): number {
  if (values.length === 0) throw new Error('A quantile of no samples is meaningless.');
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] as number;
}

export function summary(values: number[]): Summary {
  return {
    median: quantile(values, 0.5),
    p95: quantile(values, 0.95),
    min: Math.min(...values),
    max: Math.max(...values),
  };
}

export const round = (value: number) => Math.round(value * 10) / 10;
