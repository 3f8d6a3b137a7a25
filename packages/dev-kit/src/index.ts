export type { Command } from "./cli.js";
