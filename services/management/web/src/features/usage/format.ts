/** Number formats of the usage pages. */

const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat("en");

/** 1234 → "1.2K" above 9,999; exact below. */
export function count(n: number): string {
  return n >= 10_000 ? compact.format(n) : whole.format(Math.round(n * 100) / 100);
}

/** Bytes in B, KiB, MiB or GiB. */
export function bytes(n: number): string {
  const units = ["B", "KiB", "MiB", "GiB", "TiB"];
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value >= 100 ? 0 : 1)} ${units[unit]}`;
}

/** Milliseconds as "0.8 ms", "12 ms" or "1.4 s". */
export function ms(n: number | null): string {
  if (n === null) return "—";
  if (n === 0) return "0";
  if (n >= 1000) return `${(n / 1000).toFixed(1)} s`;
  return `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;
}
