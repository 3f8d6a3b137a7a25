/**
 * The bot API's declarations (packages/dev-kit/types/bot-api.d.ts: the dashboard's completion and the author's kit
 * read them) against what a real isolate gives bot code: the globals the bootstrap defines, and the members of
 * `bot`, `bot.telegram`, `ctx`, `db`, `db.operation`, `axios`, `scheduler`, `console` and `process`. A member added
 * to the isolate and not declared, or declared and gone, fails here with the names that differ.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import ivm from "isolated-vm";
import ts from "typescript";
import type { LogicArgs } from "../../../src/isolate/protocol.js";
import { isolateScript } from "../../../src/runtime/isolate-script.js";
import { Sandbox, type SandboxHost } from "../../../src/runtime/sandbox.js";

const DECLARATIONS = fileURLToPath(new URL("../../../../../packages/dev-kit/types/bot-api.d.ts", import.meta.url));

/** On the isolate's objects, left out of the declarations on purpose: the host's way in, not bot API. */
const UNDECLARED: Record<string, string[]> = { bot: ["handleUpdate"] };

/** Bot code that reports the names it can reach: its globals, and the members of each API object. */
const PROBE = `
  const members = (value) => {
    const names = new Set();
    for (let o = value; o && o !== Object.prototype && o !== Function.prototype; o = Object.getPrototypeOf(o)) {
      for (const name of Object.getOwnPropertyNames(o)) names.add(name);
    }
    for (const own of ["constructor", "length", "name", "prototype"]) names.delete(own);
    return [...names].sort();
  };
  let ctxMembers = [];
  bot.use((ctx) => { ctxMembers = members(ctx); });
  logic["probe"] = async () => ({
    globals: Object.getOwnPropertyNames(globalThis).map((n) => [n, Object.getOwnPropertyDescriptor(globalThis, n).configurable]),
    bot: members(bot),
    "bot.telegram": members(bot.telegram),
    ctx: ctxMembers,
    db: members(db),
    "db.operation": members(db.operation),
    axios: members(axios),
    scheduler: members(scheduler),
    console: members(console),
    process: members(process),
  });`;

const host: SandboxHost = {
  call: async () => null,
  describe: (err) => ({ message: String(err) }),
  log: () => {},
};

const args: LogicArgs = {
  query: {},
  body: {},
  params: { method: "GET", path: "/custom/b/probe", headers: {}, rawBody: "", ip: "127.0.0.1", botId: "b" },
};

let sandbox: Sandbox;
let runtime: Record<string, string[]>;
/** The globals the bootstrap defines: those a bare context lacks, or has configurable where the bootstrap's are not. */
let given: string[];

/** Each global of a context, and whether it is configurable. */
const GLOBALS =
  "Object.getOwnPropertyNames(globalThis).map((n) => [n, Object.getOwnPropertyDescriptor(globalThis, n).configurable])";

beforeAll(async () => {
  sandbox = await Sandbox.create(await isolateScript(), PROBE, {}, host, { memoryMb: 64, timeoutMs: 5000 });
  const update = await sandbox.runUpdate({
    update_id: 1,
    message: { message_id: 1, date: 0, chat: { id: 1, type: "private" }, text: "hi" },
  });
  expect(update.status).toBe("handled");
  const outcome = await sandbox.runLogic("probe", args);
  if (outcome.status !== "done") throw new Error(`probe failed: ${JSON.stringify(outcome)}`);
  runtime = outcome.result.data as Record<string, string[]>;
  const isolate = new ivm.Isolate({ memoryLimit: 16 });
  try {
    const context = await isolate.createContext();
    const bare = new Map(
      JSON.parse(await context.eval(`JSON.stringify(${GLOBALS})`, { copy: true })) as Array<[string, boolean]>,
    );
    const inBot = (outcome.result.data as { globals: Array<[string, boolean]> }).globals;
    given = inBot
      .filter(([name, configurable]) => !bare.has(name) || (bare.get(name) && !configurable))
      .map(([name]) => name);
  } finally {
    isolate.dispose();
  }
});
afterAll(() => sandbox?.close());

let read: ReturnType<typeof readDeclarations> | undefined;
function declarations() {
  read ??= readDeclarations();
  return read;
}

/** The declarations, read with the TypeScript checker: global names, and the members of a path's type. */
function readDeclarations() {
  const program = ts.createProgram({
    rootNames: [DECLARATIONS],
    options: { lib: ["lib.es2022.d.ts"], types: [], strict: true, noEmit: true },
  });
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, " "));
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(DECLARATIONS)!;
  const globals = new Map<string, ts.Node>();
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) globals.set(d.name.getText(file), d.name);
    } else if (ts.isFunctionDeclaration(statement) && statement.name) {
      globals.set(statement.name.text, statement.name);
    } else if (ts.isInterfaceDeclaration(statement)) {
      interfaces.set(statement.name.text, statement);
    }
  }
  const names = (type: ts.Type) =>
    type
      .getProperties()
      .map((p) => p.name)
      .sort();
  const typeOf = (path: string): ts.Type => {
    if (path === "ctx") return checker.getTypeAtLocation(interfaces.get("Context")!.name);
    const [head, ...rest] = path.split(".");
    let type = checker.getTypeAtLocation(globals.get(head!)!);
    for (const member of rest) {
      const symbol = type.getProperty(member)!;
      type = checker.getTypeOfSymbolAtLocation(symbol, file);
    }
    return type;
  };
  return { diagnostics, globals: [...globals.keys()].sort(), members: (path: string) => names(typeOf(path)) };
}

describe("bot-api.d.ts", () => {
  it("compiles on its own, with ECMAScript's lib and no Node or DOM types", () => {
    expect(declarations().diagnostics).toEqual([]);
  });

  it("declares exactly the globals the bootstrap gives bot code", () => {
    expect(declarations().globals).toEqual([...given].sort());
  });

  const paths = ["bot", "bot.telegram", "ctx", "db", "db.operation", "axios", "scheduler", "console", "process"];
  it.each(paths)("declares exactly the members of %s that bot code can reach", (path) => {
    const reachable = runtime[path]!.filter((name) => !(UNDECLARED[path] ?? []).includes(name));
    expect(declarations().members(path)).toEqual(reachable.sort());
  });
});
