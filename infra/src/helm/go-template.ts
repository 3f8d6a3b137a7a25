/**
 * The part of Go's text/template (with the Helm and Sprig functions) that infra/helm/botyard uses, so the chart can be
 * rendered and validated where the helm binary cannot be installed (Debian has no helm package, npm has none).
 * Semantics follow Go's: `{{-`/`-}}` trim whitespace, a pipeline passes its value as the last argument of the next
 * command, truthiness is Go's (false, 0, nil, empty string, list or map), `and`/`or` return an operand, a missing map
 * key is nil and renders as an empty string, as Helm renders it. Anything else is an error naming the construct, so
 * the chart cannot silently use a feature this renderer would get wrong. When helm is on PATH, the chart test also
 * renders with it and compares. @see docs/operations.md#kubernetes
 */
import { createHash } from "node:crypto";
import { stringify } from "yaml";

export type Value = unknown;
type Scope = Map<string, Value>;

// ---------- lexing: text and actions ----------

type Token = { kind: "text"; text: string } | { kind: "action"; body: string; line: number };

function lex(source: string, name: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const open = source.indexOf("{{", i);
    if (open < 0) {
      tokens.push({ kind: "text", text: source.slice(i) });
      break;
    }
    let text = source.slice(i, open);
    let start = open + 2;
    if (source[start] === "-" && /\s/.test(source[start + 1] ?? "")) {
      text = text.replace(/\s+$/, "");
      start += 1;
    }
    tokens.push({ kind: "text", text });
    const close = source.indexOf("}}", start);
    if (close < 0) throw new Error(`${name}: unclosed action`);
    let end = close;
    let next = close + 2;
    if (source[close - 1] === "-" && /\s/.test(source[close - 2] ?? "")) {
      end = close - 1;
      const rest = source.slice(next);
      next += rest.length - rest.replace(/^\s+/, "").length;
    }
    const line = source.slice(0, open).split("\n").length;
    tokens.push({ kind: "action", body: source.slice(start, end).trim(), line });
    i = next;
  }
  return tokens.filter((t) => t.kind === "action" || t.text.length > 0);
}

// ---------- expressions ----------

type Operand =
  | { kind: "dot"; fields: string[] }
  | { kind: "var"; name: string; fields: string[] }
  | { kind: "literal"; value: Value }
  | { kind: "ident"; name: string }
  | { kind: "paren"; pipeline: Pipeline; fields: string[] };
type Command = Operand[];
type Pipeline = { decl?: { names: string[]; assign: boolean }; commands: Command[] };

function tokenizeExpr(src: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '"') {
      let j = i + 1;
      while (j < src.length && src[j] !== '"') j += src[j] === "\\" ? 2 : 1;
      out.push(src.slice(i, j + 1));
      i = j + 1;
    } else if (c === "`") {
      const j = src.indexOf("`", i + 1);
      out.push(src.slice(i, j + 1));
      i = j + 1;
    } else if ("()|,".includes(c)) {
      out.push(c);
      i++;
    } else if (c === ":" && src[i + 1] === "=") {
      out.push(":=");
      i += 2;
    } else if (c === "=") {
      out.push("=");
      i++;
    } else {
      let j = i;
      while (j < src.length && !/[\s()|,=]/.test(src[j]!) && !(src[j] === ":" && src[j + 1] === "=")) j++;
      // `(pipeline).Field` (no space) selects a field of the result; `(pipeline) .Field` is a separate argument.
      out.push(c === "." && src[i - 1] === ")" ? `@${src.slice(i, j)}` : src.slice(i, j));
      i = j;
    }
  }
  return out;
}

function parseFields(chain: string): string[] {
  return chain.split(".").filter((f) => f.length > 0);
}

function parseOperand(tok: string): Operand {
  if (tok === ".") return { kind: "dot", fields: [] };
  if (tok.startsWith(".")) return { kind: "dot", fields: parseFields(tok) };
  if (tok.startsWith("$")) {
    const dot = tok.indexOf(".");
    const name = dot < 0 ? tok : tok.slice(0, dot);
    return { kind: "var", name, fields: dot < 0 ? [] : parseFields(tok.slice(dot)) };
  }
  if (tok.startsWith('"')) return { kind: "literal", value: JSON.parse(tok) as string };
  if (tok.startsWith("`")) return { kind: "literal", value: tok.slice(1, -1) };
  if (tok === "true" || tok === "false") return { kind: "literal", value: tok === "true" };
  if (tok === "nil") return { kind: "literal", value: null };
  if (/^-?\d+(\.\d+)?$/.test(tok)) return { kind: "literal", value: Number(tok) };
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(tok)) return { kind: "ident", name: tok };
  throw new Error(`unsupported operand '${tok}'`);
}

function parsePipeline(src: string): Pipeline {
  const toks = tokenizeExpr(src);
  let pos = 0;
  const pipeline = (stop: string | undefined): Pipeline => {
    const result: Pipeline = { commands: [] };
    // Variable declaration: `$a := …`, `$k, $v := …`, `$a = …`.
    const declEnd = toks.findIndex((t, idx) => idx >= pos && (t === ":=" || t === "="));
    if (declEnd > pos && toks.slice(pos, declEnd).every((t) => t.startsWith("$") || t === ",")) {
      result.decl = { names: toks.slice(pos, declEnd).filter((t) => t !== ","), assign: toks[declEnd] === "=" };
      pos = declEnd + 1;
    }
    let command: Command = [];
    while (pos < toks.length && toks[pos] !== stop) {
      const tok = toks[pos++]!;
      if (tok === "|") {
        result.commands.push(command);
        command = [];
      } else if (tok === "(") {
        const inner = pipeline(")");
        pos++; // ")"
        const fields = toks[pos]?.startsWith("@") ? parseFields(toks[pos++]!.slice(1)) : [];
        command.push({ kind: "paren", pipeline: inner, fields });
      } else {
        command.push(parseOperand(tok));
      }
    }
    result.commands.push(command);
    return result;
  };
  return pipeline(undefined);
}

// ---------- parse tree ----------

type Node =
  | { kind: "text"; text: string }
  | { kind: "output"; pipeline: Pipeline; at: string }
  | { kind: "if"; branches: { cond: Pipeline; body: Node[] }[]; otherwise: Node[] }
  | { kind: "range"; pipeline: Pipeline; body: Node[]; otherwise: Node[] }
  | { kind: "with"; pipeline: Pipeline; body: Node[]; otherwise: Node[] };

/** Named templates (`define`) of every parsed file, and each file itself under its path, as Helm registers them. */
export class TemplateSet {
  readonly #templates = new Map<string, Node[]>();

  /** Parses `source` (registering its `define`s) and registers the file under `name`. */
  add(name: string, source: string): void {
    const tokens = lex(source, name);
    let pos = 0;
    const where = () => {
      const t = tokens[pos - 1];
      return t?.kind === "action" ? `${name}:${t.line}` : name;
    };
    const parseList = (terminators: string[]): { nodes: Node[]; end: string } => {
      const nodes: Node[] = [];
      while (pos < tokens.length) {
        const tok = tokens[pos++]!;
        if (tok.kind === "text") {
          nodes.push({ kind: "text", text: tok.text });
          continue;
        }
        const body = tok.body;
        if (body.startsWith("/*")) {
          if (!body.endsWith("*/")) throw new Error(`${where()}: unclosed comment`);
          continue;
        }
        const word = body.split(/\s+/)[0]!;
        const rest = body.slice(word.length).trim();
        if (terminators.includes(word) || (word === "else" && terminators.includes("else"))) {
          return { nodes, end: body };
        }
        if (word === "if") {
          const branches = [{ cond: parsePipeline(rest), body: [] as Node[] }];
          let otherwise: Node[] = [];
          for (;;) {
            const part = parseList(["end", "else"]);
            branches[branches.length - 1]!.body = part.nodes;
            if (part.end === "end") break;
            const elseRest = part.end.slice(4).trim();
            if (elseRest.startsWith("if ")) {
              branches.push({ cond: parsePipeline(elseRest.slice(3)), body: [] });
              continue;
            }
            otherwise = parseList(["end"]).nodes;
            break;
          }
          nodes.push({ kind: "if", branches, otherwise });
        } else if (word === "range" || word === "with") {
          const pipeline = parsePipeline(rest);
          const part = parseList(["end", "else"]);
          const otherwise = part.end === "end" ? [] : parseList(["end"]).nodes;
          nodes.push({ kind: word, pipeline, body: part.nodes, otherwise });
        } else if (word === "define") {
          const defined = JSON.parse(rest) as string;
          this.#templates.set(defined, parseList(["end"]).nodes);
        } else if (["block", "template", "break", "continue"].includes(word)) {
          throw new Error(`${where()}: '${word}' is not supported by this renderer; use include`);
        } else {
          nodes.push({ kind: "output", pipeline: parsePipeline(body), at: where() });
        }
      }
      if (terminators.length > 0) throw new Error(`${name}: missing {{ end }}`);
      return { nodes, end: "" };
    };
    this.#templates.set(name, parseList([]).nodes);
  }

  /** Renders the template `name` with `dot` as `.` and `$`. */
  render(name: string, dot: Value): string {
    const nodes = this.#templates.get(name);
    if (!nodes) throw new Error(`no template named '${name}'`);
    const scope: Scope = new Map([["$", dot]]);
    return this.#exec(nodes, dot, scope);
  }

  #exec(nodes: Node[], dot: Value, scope: Scope): string {
    let out = "";
    for (const node of nodes) {
      if (node.kind === "text") out += node.text;
      else if (node.kind === "output") {
        let value: Value;
        try {
          value = this.#pipeline(node.pipeline, dot, scope);
        } catch (err) {
          const message = (err as Error).message;
          throw new Error(message.includes(" (at ") ? message : `${message} (at ${node.at})`);
        }
        if (!node.pipeline.decl) out += printValue(value);
      } else if (node.kind === "if") {
        const branch = node.branches.find((b) => truthy(this.#pipeline(b.cond, dot, new Map(scope))));
        out += this.#exec(branch ? branch.body : node.otherwise, dot, new Map(scope));
      } else if (node.kind === "with") {
        const inner = new Map(scope);
        const value = this.#pipeline(node.pipeline, dot, inner);
        out += truthy(value) ? this.#exec(node.body, value, inner) : this.#exec(node.otherwise, dot, new Map(scope));
      } else {
        out += this.#range(node, dot, scope);
      }
    }
    return out;
  }

  #range(node: Extract<Node, { kind: "range" }>, dot: Value, scope: Scope): string {
    const decl = node.pipeline.decl;
    const value = this.#pipeline({ commands: node.pipeline.commands }, dot, scope);
    let entries: [Value, Value][];
    if (Array.isArray(value)) entries = value.map((v, i) => [i, v]);
    else if (isMap(value))
      entries = Object.keys(value)
        .sort()
        .map((k) => [k, value[k]]);
    else if (value === null || value === undefined) entries = [];
    else throw new Error(`range over ${typeof value}`);
    if (entries.length === 0) return this.#exec(node.otherwise, dot, new Map(scope));
    let out = "";
    for (const [key, item] of entries) {
      const inner = new Map(scope);
      if (decl?.names.length === 1) inner.set(decl.names[0]!, item);
      if (decl?.names.length === 2) {
        inner.set(decl.names[0]!, key);
        inner.set(decl.names[1]!, item);
      }
      out += this.#exec(node.body, item, inner);
    }
    return out;
  }

  #pipeline(p: Pipeline, dot: Value, scope: Scope): Value {
    let value: Value;
    p.commands.forEach((command, i) => {
      value = this.#command(command, dot, scope, i === 0 ? undefined : { value });
    });
    if (p.decl) {
      const name = p.decl.names[0]!;
      if (p.decl.assign && !scope.has(name)) throw new Error(`assignment to undeclared ${name}`);
      scope.set(name, value);
    }
    return value;
  }

  #command(command: Command, dot: Value, scope: Scope, piped: { value: Value } | undefined): Value {
    const [head, ...rest] = command;
    if (!head) throw new Error("empty command");
    if (head.kind === "ident") {
      const args = rest.map((op) => this.#operand(op, dot, scope));
      if (piped) args.push(piped.value);
      return this.#call(head.name, args, dot);
    }
    if (rest.length > 0 || piped) throw new Error("only a function can take arguments");
    return this.#operand(head, dot, scope);
  }

  #operand(op: Operand, dot: Value, scope: Scope): Value {
    switch (op.kind) {
      case "literal":
        return op.value;
      case "dot":
        return field(dot, op.fields);
      case "var":
        if (!scope.has(op.name)) throw new Error(`undefined variable ${op.name}`);
        return field(scope.get(op.name), op.fields);
      case "paren":
        return field(this.#pipeline(op.pipeline, dot, new Map(scope)), op.fields);
      case "ident":
        return this.#call(op.name, [], dot);
    }
  }

  #call(name: string, args: Value[], _dot: Value): Value {
    if (name === "include") {
      const [template, context] = args;
      return this.render(String(template), context);
    }
    const fn = functions[name];
    if (!fn) throw new Error(`function '${name}' is not supported by this renderer`);
    return fn(...args);
  }
}

// ---------- values ----------

function isMap(v: Value): v is Record<string, Value> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function field(value: Value, fields: string[]): Value {
  let current = value;
  for (const name of fields) {
    if (current === null || current === undefined) throw new Error(`nil pointer evaluating .${name}`);
    if (!isMap(current)) throw new Error(`can't evaluate field ${name} in ${typeof current}`);
    current = current[name];
  }
  return current;
}

/** Go's truthiness. */
export function truthy(v: Value): boolean {
  if (v === null || v === undefined || v === false || v === 0 || v === "") return false;
  if (Array.isArray(v)) return v.length > 0;
  if (isMap(v)) return Object.keys(v).length > 0;
  return true;
}

function printValue(v: Value): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return `[${v.map(printValue).join(" ")}]`;
  return `map[${Object.keys(v as object)
    .sort()
    .map((k) => `${k}:${printValue((v as Record<string, Value>)[k])}`)
    .join(" ")}]`;
}

function toYaml(v: Value): string {
  if (v === null || v === undefined) return "null";
  return stringify(v, { sortMapEntries: true, lineWidth: 0 }).replace(/\n$/, "");
}

function indentLines(spaces: number, text: string): string {
  const pad = " ".repeat(spaces);
  return text
    .split("\n")
    .map((l) => pad + l)
    .join("\n");
}

function sprintf(format: string, args: Value[]): string {
  let i = 0;
  return format.replace(/%([%sdvq])/g, (_m, verb: string) => {
    if (verb === "%") return "%";
    const arg = args[i++];
    if (verb === "d") return String(Math.trunc(Number(arg)));
    if (verb === "q") return JSON.stringify(String(arg));
    return printValue(arg);
  });
}

const equal = (a: Value, b: Value) => a === b || (a == null && b == null);

const functions: Record<string, (...args: Value[]) => Value> = {
  toYaml: (v) => toYaml(v),
  nindent: (n, text) => `\n${indentLines(Number(n), String(text))}`,
  indent: (n, text) => indentLines(Number(n), String(text)),
  quote: (...args) => args.map((a) => JSON.stringify(printValue(a))).join(" "),
  default: (fallback, given) => (truthy(given) ? given : fallback),
  required: (message, value) => {
    if (value === null || value === undefined || value === "") throw new Error(String(message));
    return value;
  },
  printf: (format, ...args) => sprintf(String(format), args),
  print: (...args) => args.map(printValue).join(""),
  eq: (a, ...bs) => bs.some((b) => equal(a, b)),
  ne: (a, b) => !equal(a, b),
  lt: (a, b) => Number(a) < Number(b),
  gt: (a, b) => Number(a) > Number(b),
  and: (...args) => args.find((a) => !truthy(a)) ?? args[args.length - 1],
  or: (...args) => args.find((a) => truthy(a)) ?? args[args.length - 1],
  not: (a) => !truthy(a),
  empty: (a) => !truthy(a),
  dict: (...args) => {
    const out: Record<string, Value> = {};
    for (let i = 0; i + 1 < args.length; i += 2) out[String(args[i])] = args[i + 1];
    return out;
  },
  list: (...args) => args,
  contains: (substr, s) => String(s).includes(String(substr)),
  ternary: (ifTrue, ifFalse, cond) => (truthy(cond) ? ifTrue : ifFalse),
  fail: (message) => {
    throw new Error(String(message));
  },
  hasKey: (map, key) => isMap(map) && Object.hasOwn(map, String(key)),
  trunc: (n, s) => String(s).slice(0, Number(n)),
  trimSuffix: (suffix, s) => (String(s).endsWith(String(suffix)) ? String(s).slice(0, -String(suffix).length) : s),
  toString: (v: Value) => printValue(v),
  int: (v) => Math.trunc(Number(v)),
  add: (...args) => args.reduce<number>((sum, a) => sum + Number(a), 0),
  mul: (...args) => args.reduce<number>((product, a) => product * Number(a), 1),
  b64enc: (v) => Buffer.from(String(v)).toString("base64"),
  sha256sum: (v) => createHash("sha256").update(String(v)).digest("hex"),
};
