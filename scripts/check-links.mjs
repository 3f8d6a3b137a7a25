#!/usr/bin/env node
// Checks that every reference between the repository's documents resolves, as `pnpm lint` runs it:
// - markdown links and images in every *.md file (relative paths, and #anchors against GitHub's heading slugs);
// - paths such as `docs/bot-runtime.md#limits` or `bench/README.md#gateway` written in prose or in source files
//   (*.ts, *.tsx, *.mjs, *.sql, *.yaml under services/, packages/, scripts/, bench/, infra/, and at the root),
//   resolved from the root;
// - no reference to a document the repository does not hold ("CONTRACT section 3", "spec section 7").
// Prints one line per broken reference (file:line: what) and exits 1 when there is any.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * GitHub's anchor for a heading's text (as github-slugger computes it): lower case, every character that is not a
 * letter, mark, digit, connector (`_`), hyphen or space removed, each space turned into a hyphen.
 */
export function slug(text) {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The text a heading renders, from its markdown: link and image syntax, code ticks and HTML tags taken out. */
export function headingText(markdown) {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/(^|[^\p{L}\p{N}])_{1,2}([^_]+)_{1,2}(?=[^\p{L}\p{N}]|$)/gu, "$1$2")
    .trim();
}

/** The anchors of a markdown document: one per heading (a repeated slug gets -1, -2, …) and explicit ids. */
export function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  const add = (base) => {
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  };
  const lines = withoutCodeBlocks(markdown).split("\n");
  for (const [i, line] of lines.entries()) {
    const atx = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (atx) add(slug(headingText(atx[1])));
    else if (i > 0 && /^ {0,3}(=+|-+)[ \t]*$/.test(line) && isParagraphLine(lines[i - 1])) {
      add(slug(headingText(lines[i - 1])));
    }
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
  }
  return anchors;
}

const isParagraphLine = (line) =>
  line.trim() !== "" && !/^ {0,3}([-*+>|#]|\d+[.)]\s)/.test(line) && !/^ {4}/.test(line);

/** The text with fenced code blocks blanked (line count kept), so nothing inside them counts. */
function withoutCodeBlocks(text) {
  let fence = null;
  return text
    .split("\n")
    .map((line) => {
      const m = /^ {0,3}(`{3,}|~{3,})/.exec(line);
      if (fence === null && m) {
        fence = m[1];
        return "";
      }
      if (fence !== null) {
        if (m && m[1][0] === fence[0] && m[1].length >= fence.length) fence = null;
        return "";
      }
      return line;
    })
    .join("\n");
}

const withoutCodeSpans = (line) => line.replace(/(`+)[^`]*?\1/g, (s) => " ".repeat(s.length));

/** A path to a document of ours written in prose or code: docs/x.md, bench/README.md#y, services/a/README.md. */
const PATH_REF = /(?<![\w/.-])((?:docs|bench|services|packages|infra|scripts)\/[\w./-]*?\.md)(#[\w-]+)?/g;

/** Names of documents the repository does not hold, in the ways they were cited. */
const OUTSIDE_REFS = [
  /\bCONTRACT(?:\.md)?\b(?!_)/,
  /\bspec(?:ification)?(?:\.md)?,?\s+(?:section|§)\s*\d/i,
  /bot-hosting-spec/,
];

const MARKDOWN_LINK = /!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g;
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/;

export function checkRepository(root) {
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  })
    .split("\0")
    .filter((f) => f !== "" && !f.split("/").includes("node_modules") && fs.existsSync(path.join(root, f)));

  const anchorCache = new Map();
  const anchorsAt = (file) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(fs.readFileSync(path.join(root, file), "utf8")));
    return anchorCache.get(file);
  };
  const problems = [];
  const report = (file, line, message) => problems.push(`${file}:${line}: ${message}`);

  /** Checks one reference: `target` is a repository-relative path (or "" for the same file), `anchor` without "#". */
  const checkTarget = (file, line, shown, target, anchor) => {
    const full = path.join(root, target);
    if (target !== "" && !fs.existsSync(full)) return report(file, line, `${shown}: no such file`);
    if (anchor === undefined || anchor === "") return;
    const doc = target === "" ? file : target;
    if (!doc.endsWith(".md")) return;
    if (fs.statSync(path.join(root, doc)).isDirectory()) return;
    if (!anchorsAt(doc).has(decodeURIComponent(anchor))) report(file, line, `${shown}: no heading #${anchor}`);
  };

  const checkOutside = (file, lineNo, line) => {
    for (const re of OUTSIDE_REFS) {
      const m = re.exec(line);
      if (m) report(file, lineNo, `"${m[0]}" cites a document the repository does not hold; link our docs instead`);
    }
  };

  const checkPathRefs = (file, lineNo, line) => {
    for (const m of line.matchAll(PATH_REF)) {
      checkTarget(file, lineNo, m[0], m[1], m[2]?.slice(1));
    }
  };

  for (const file of files.filter((f) => f.endsWith(".md"))) {
    const lines = withoutCodeBlocks(fs.readFileSync(path.join(root, file), "utf8")).split("\n");
    for (const [i, raw] of lines.entries()) {
      const lineNo = i + 1;
      const line = withoutCodeSpans(raw);
      const targets = [...line.matchAll(MARKDOWN_LINK)].map((m) => m[1]);
      const def = REFERENCE_DEFINITION.exec(line);
      if (def) targets.push(def[1]);
      for (const target of targets) {
        if (target === "" || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: and kin
        const [p, anchor] = target.split("#");
        const resolved = p === "" ? "" : path.posix.normalize(path.posix.join(path.posix.dirname(file), p));
        if (resolved.startsWith("..")) report(file, lineNo, `${target}: outside the repository`);
        else checkTarget(file, lineNo, target, resolved, anchor);
      }
      // Root-relative paths in prose (and in code spans, which name files too), outside link targets.
      checkPathRefs(file, lineNo, raw.replace(MARKDOWN_LINK, ""));
      checkOutside(file, lineNo, raw);
    }
  }

  const SOURCE_DIRS = ["services/", "packages/", "scripts/", "bench/", "infra/"];
  const isSource = (f) =>
    (SOURCE_DIRS.some((d) => f.startsWith(d)) || !f.includes("/")) &&
    /\.(ts|tsx|mjs|sql|ya?ml)$/.test(f) &&
    !f.endsWith(".gen.ts") &&
    !f.split("/").includes("dist") &&
    !f.startsWith("scripts/check-links."); // its own comments and tests show the patterns it looks for
  for (const file of files.filter(isSource)) {
    const lines = fs.readFileSync(path.join(root, file), "utf8").split("\n");
    for (const [i, line] of lines.entries()) {
      checkPathRefs(file, i + 1, line);
      checkOutside(file, i + 1, line);
    }
  }
  return problems;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const problems = checkRepository(root);
  for (const p of problems) console.error(p);
  if (problems.length > 0) {
    console.error(`check-links: ${problems.length} broken reference(s)`);
    process.exit(1);
  }
  console.log("check-links: every link and anchor resolves");
}
