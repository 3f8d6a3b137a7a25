/**
 * Completion for bot code, fed by the kit's bot-api.d.ts (packages/dev-kit/types: the one declaration of the bot API,
 * which owners can also download, and which a gateway test checks against the isolate): its interfaces and `declare`d
 * globals are read once into a table of members, and `a.b.` completes with the members of what `a.b` is. The
 * context parameter `ctx` and the handler's `db`/`response`/`params` arguments are known by name too.
 */
import type { Completion, CompletionContext, CompletionResult } from "@codemirror/autocomplete";
import source from "../../../../../../packages/dev-kit/types/bot-api.d.ts?raw";

interface Member {
  name: string;
  type: string;
  doc: string;
  method: boolean;
}

/** The lines of an interface body, a member written over several lines (a formatter's wrapping) joined into one. */
function logicalLines(body: string): string[] {
  const out: string[] = [];
  let pending = "";
  for (const raw of body.split("\n")) {
    const line = raw.trim();
    pending = pending ? `${pending}${pending.endsWith("(") ? "" : " "}${line}` : line;
    const depth = (pending.match(/\(/g)?.length ?? 0) - (pending.match(/\)/g)?.length ?? 0);
    if (depth > 0) continue;
    out.push(pending.replace(/,\s*\)/g, ")"));
    pending = "";
  }
  return out;
}

/** Interface name → its members, read from the .d.ts text. */
export function readInterfaces(text: string): Map<string, Member[]> {
  const out = new Map<string, Member[]>();
  const block = /interface\s+(\w+)\s*\{([\s\S]*?)\n\}/g;
  for (const m of text.matchAll(block)) {
    const members: Member[] = [];
    let doc = "";
    for (const line of logicalLines(m[2]!)) {
      const comment = /^\/\*\*\s*(.*?)\s*\*\/$/.exec(line);
      if (comment) {
        doc = comment[1]!;
        continue;
      }
      const member = /^(\w+)(\??)(\(|:)\s*(.*)$/.exec(line);
      if (member) {
        const method = member[3] === "(";
        const rest = member[4]!.replace(/;$/, "");
        const type = method ? `(${rest}` : rest;
        members.push({ name: member[1]!, type, doc, method });
      }
      doc = "";
    }
    out.set(m[1]!, members);
  }
  return out;
}

/** Global name → its type name or type text, with the doc comment above it. */
export function readGlobals(text: string): Member[] {
  const out: Member[] = [];
  const re = /\/\*\*\s*(.*?)\s*\*\/\s*\ndeclare (const|function) (\w+)([:(])\s*([^;\n]*)/g;
  for (const m of text.matchAll(re)) {
    out.push({ name: m[3]!, doc: m[1]!, method: m[2] === "function", type: m[4] === "(" ? `(${m[5]}` : m[5]! });
  }
  return out;
}

const interfaces = readInterfaces(source);
const globals = readGlobals(source);
/** Names a handler's parameters usually have. */
const PARAMETERS: Record<string, string> = { ctx: "Context", response: "WebhookResponse", params: "WebhookParams" };
const KEYWORDS = ["async", "await", "const", "let", "function", "return", "if", "else", "for", "of", "try", "catch"];

function membersOfType(type: string): Member[] | undefined {
  const name = type.trim();
  if (interfaces.has(name)) return interfaces.get(name);
  // An inline object type: { env: Record<…> }
  const inline = /^\{\s*(\w+):/.exec(name);
  if (inline) return [{ name: inline[1]!, type: "Record<string, string | undefined>", doc: "", method: false }];
  return undefined;
}

/** The members after a dotted path such as `bot.telegram` or `db.operation`. */
export function membersOf(path: string[], envNames: readonly string[] = []): Member[] | undefined {
  const [head, ...rest] = path;
  if (!head) return undefined;
  if (head === "process" && rest.length === 1 && rest[0] === "env") {
    return envNames.map((name) => ({ name, type: "string | undefined", doc: "Environment variable", method: false }));
  }
  let type = PARAMETERS[head] ?? globals.find((g) => g.name === head)?.type;
  if (!type) return undefined;
  let members = membersOfType(type);
  for (const name of rest) {
    const member = members?.find((m) => m.name === name);
    if (!member || member.method) return undefined;
    type = member.type;
    members = membersOfType(type.replace(/\?$/, ""));
  }
  return members;
}

function toCompletion(m: Member, boost = 0): Completion {
  return {
    label: m.name,
    type: m.method ? "method" : "property",
    detail: m.type.length > 60 ? `${m.type.slice(0, 57)}…` : m.type,
    info: m.doc || undefined,
    boost,
  };
}

/** A CodeMirror completion source; `envNames` are offered after `process.env.`. */
export function botApiCompletions(envNames: () => readonly string[]) {
  return (context: CompletionContext): CompletionResult | null => {
    const dotted = context.matchBefore(/[\w$]+(?:\.[\w$]+)*\.[\w$]*$/);
    if (dotted) {
      const parts = dotted.text.split(".");
      const partial = parts.pop() ?? "";
      const members = membersOf(parts, envNames());
      if (!members) return null;
      return { from: dotted.to - partial.length, options: members.map((m) => toCompletion(m)), validFor: /^[\w$]*$/ };
    }
    const word = context.matchBefore(/[\w$]+$/);
    if (!word && !context.explicit) return null;
    const from = word ? word.from : context.pos;
    return {
      from,
      options: [
        ...globals.map((g) => toCompletion(g, 2)),
        ...Object.entries(PARAMETERS).map(([name, type]) => ({ label: name, type: "variable", detail: type })),
        ...KEYWORDS.map((k) => ({ label: k, type: "keyword" })),
      ],
      validFor: /^[\w$]*$/,
    };
  };
}

/** The .d.ts text itself, for the download link. */
export const botApiTypes = source;
