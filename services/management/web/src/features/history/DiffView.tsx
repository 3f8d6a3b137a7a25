/**
 * Two versions side by side: CodeMirror's merge view (@codemirror/merge), both sides read-only, changed lines marked
 * and long unchanged stretches collapsed. Like the code editor it lives in a shadow root, where CodeMirror's styles go
 * into adopted stylesheets that the CSP's `style-src 'self'` allows (README.md#the-dashboard).
 */
import { javascript } from "@codemirror/lang-javascript";
import { MergeView } from "@codemirror/merge";
import { EditorState } from "@codemirror/state";
import { EditorView, lineNumbers } from "@codemirror/view";
import { useEffect, useRef } from "react";

interface Props {
  a: string;
  b: string;
  labelA: string;
  labelB: string;
}

const theme = EditorView.theme({
  "&": { fontSize: "13px", backgroundColor: "#fff", color: "var(--text)" },
  ".cm-scroller": { fontFamily: "var(--mono)", lineHeight: "1.5" },
  // Line numbers dark enough for WCAG AA contrast (axe checks it).
  ".cm-gutters": { backgroundColor: "#f7f8f7", borderRight: "1px solid var(--border)", color: "#4f5955" },
  ".cm-collapsedLines": { color: "#1d2421", background: "#eef1ef" },
  "&.cm-merge-a .cm-changedLine, .cm-deletedChunk": { backgroundColor: "#fbeaea" },
  "&.cm-merge-b .cm-changedLine, .cm-insertedLine": { backgroundColor: "#e3efe9" },
  "&.cm-merge-a .cm-changedText": { background: "#f3c4c1" },
  "&.cm-merge-b .cm-changedText": { background: "#b9dccd" },
});

export function DiffView({ a, b, labelA, labelB }: Props) {
  const host = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!host.current) return;
    const shadow = host.current.shadowRoot ?? host.current.attachShadow({ mode: "open" });
    const parent = document.createElement("div");
    shadow.replaceChildren(parent);
    const side = (label: string) => [
      lineNumbers(),
      javascript(),
      // Read-only but focusable (not `editable: false`): keyboard users can scroll and select, as axe requires.
      EditorState.readOnly.of(true),
      // Long lines wrap: no side scrolls sideways on its own (the two would no longer line up).
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ "aria-label": `${label} (read-only)` }),
      theme,
    ];
    const view = new MergeView({
      a: { doc: a, extensions: side(labelA) },
      b: { doc: b, extensions: side(labelB) },
      parent,
      root: shadow,
      collapseUnchanged: { margin: 3, minSize: 6 },
      gutter: true,
    });
    return () => view.destroy();
  }, [a, b, labelA, labelB]);

  // The box scrolls when the code is long: focusable and named, so keyboard users can scroll it too.
  return (
    <section
      ref={host}
      className="history-diff"
      data-testid="version-diff"
      aria-label={`Differences between ${labelA} and ${labelB}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe).
      tabIndex={0}
    />
  );
}
