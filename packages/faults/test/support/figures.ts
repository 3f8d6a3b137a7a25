/** Measured figures of a fault run, printed only when FAULTS_FIGURES=1 (for bench notes and reports, not asserted). */
export function figure(name: string, values: Record<string, number | string>): void {
  if (process.env.FAULTS_FIGURES !== "1") return;
  const shown = Object.entries(values).map(([k, v]) => `${k}=${typeof v === "number" ? Math.round(v) : v}`);
  process.stderr.write(`[figure] ${name}: ${shown.join(" ")}\n`);
}
