/**
 * Strings that break naive text handling: NUL, unpaired UTF-16 surrogates, bidi controls (RTL marks, overrides),
 * 4-byte characters (emoji, musical symbols), combining marks, plus ordinary text around them.
 */
import { isStorableText } from "@botyard/common/text";
import fc from "fast-check";

/** Characters Postgres cannot store as they are. */
export const UNSTORABLE_PIECES = ["\u0000", "\ud800", "\udbff", "\udc00", "\udfff"] as const;
/** Characters that are valid and must round-trip exactly. */
export const AWKWARD_PIECES = [
  "\u200f", // RIGHT-TO-LEFT MARK
  "\u200e", // LEFT-TO-RIGHT MARK
  "\u202e", // RIGHT-TO-LEFT OVERRIDE
  "\u2066", // LEFT-TO-RIGHT ISOLATE
  "😀",
  "𝄞",
  "👩‍👩‍👧",
  "e\u0301",
  "שלום",
  "مرحبا",
  "中文",
  "\ufeff",
  "\ufffd",
  "\\",
  '"',
  "'",
  "\n",
  "\t",
  "%00",
  "$ne",
] as const;

/** Valid Unicode text full of awkward characters (no NUL, no unpaired surrogate). */
export function awkwardText(options: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...AWKWARD_PIECES) },
    { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 4 }) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 4 }).filter(isStorableText) },
  );
  return fc
    .array(piece, { minLength: 1, maxLength: 8 })
    .map((parts) => parts.join(""))
    .filter((s) => s.length >= (options.minLength ?? 0) && s.length <= (options.maxLength ?? Infinity));
}

/** Text with at least one NUL or unpaired surrogate somewhere in it. */
export function unstorableText(): fc.Arbitrary<string> {
  return fc.tuple(awkwardText(), fc.constantFrom(...UNSTORABLE_PIECES), awkwardText()).map(([a, bad, b]) => {
    // Keep the bad piece unpaired: drop a surrogate from the neighbours that could pair with it.
    const left = bad >= "\udc00" && bad <= "\udfff" ? a.replace(/[\ud800-\udbff]$/, "x") : a;
    const right = bad >= "\ud800" && bad <= "\udbff" ? b.replace(/^[\udc00-\udfff]/, "x") : b;
    return `${left}${bad}${right}`;
  });
}

/** Either kind, labelled. */
export function anyText(): fc.Arbitrary<{ text: string; storable: boolean }> {
  return fc.oneof(
    awkwardText().map((text) => ({ text, storable: true })),
    unstorableText().map((text) => ({ text, storable: false })),
  );
}
