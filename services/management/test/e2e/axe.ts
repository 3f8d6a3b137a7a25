/** axe-core on a page of the dashboard's end-to-end tests: no serious or critical violation is allowed. */
import { expect } from "@jest/globals";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

export async function expectAccessible(page: Page, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = bad.map(
    (v) => `${name}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => n.target).join(", ")}`,
  );
  expect(report).toEqual([]);
}
