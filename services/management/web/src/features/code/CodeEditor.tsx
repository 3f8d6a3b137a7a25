/**
 * CodeMirror 6 with JavaScript highlighting and the bot API's completion (completions.ts). Uncontrolled: the doc is
 * set once from `initial` (and again when `resetKey` changes); every edit is reported through `onChange`.
 *
 * On a narrow screen (styles.css, "Narrow screens") long lines wrap and the editor keeps to about half the screen's
 * height, scrolling inside, so Save stays a thumb's reach away and nothing scrolls sideways.
 *
 * The editor lives in a shadow root: there CodeMirror's styles go into constructed (adopted) stylesheets, which the
 * CSP's `style-src 'self'` allows, instead of a <style> element, which it refuses (README.md#the-dashboard). Text
 * typed over a selection goes in through CodeMirror rather than the browser's editing, which would otherwise write a
 * `style` attribute that the same CSP refuses (typeOverSelection.ts).
 */
import { javascript, javascriptLanguage } from "@codemirror/lang-javascript";
import { Compartment, EditorState, type Extension } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { basicSetup } from "codemirror";
import { useEffect, useRef } from "react";
import { botApiCompletions } from "./completions.js";
import { typeOverSelection } from "./typeOverSelection.js";

interface Props {
  initial: string;
  resetKey: number;
  envNames: readonly string[];
  label: string;
  onChange: (code: string) => void;
  onSave: () => void;
}

const theme = EditorView.theme({
  "&": {
    fontSize: "13.5px",
    border: "1px solid var(--border)",
    borderRadius: "10px",
    backgroundColor: "#fff",
    color: "var(--text)",
    fontFamily: "var(--sans)",
  },
  "&.cm-focused": { outline: "2px solid var(--focus)", outlineOffset: "2px" },
  ".cm-scroller": { fontFamily: "var(--mono)", lineHeight: "1.55", minHeight: "420px" },
  // Line numbers dark enough for WCAG AA contrast (axe checks it) on the gutter and on the active line.
  ".cm-gutters": { backgroundColor: "#f7f8f7", borderRight: "1px solid var(--border)", color: "#4f5955" },
  ".cm-activeLineGutter": { backgroundColor: "#e6ece9", color: "#1d2421" },
  ".cm-activeLine": { backgroundColor: "#f3f7f5" },
  ".cm-content": { padding: "10px 0" },
  ".cm-tooltip-autocomplete": { fontFamily: "var(--mono)" },
});

/** The width below which the dashboard folds its sidebar into a menu (styles.css). */
const NARROW = "(max-width: 760px)";

const narrowLayout: Extension = [
  EditorView.lineWrapping,
  EditorView.theme({
    "&": { maxHeight: "55vh" },
    ".cm-scroller": { minHeight: "240px", overflow: "auto" },
  }),
];

export function CodeEditor({ initial, resetKey, envNames, label, onChange, onSave }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onChange, onSave, envNames });
  callbacks.current = { onChange, onSave, envNames };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is rebuilt only on an explicit reset.
  useEffect(() => {
    if (!host.current) return;
    const shadow = host.current.shadowRoot ?? host.current.attachShadow({ mode: "open" });
    const parent = document.createElement("div");
    shadow.replaceChildren(parent);
    const layout = new Compartment();
    const narrow = window.matchMedia(NARROW);
    const layoutFor = (isNarrow: boolean) => (isNarrow ? narrowLayout : []);
    const view = new EditorView({
      root: shadow,
      parent,
      state: EditorState.create({
        doc: initial,
        extensions: [
          basicSetup,
          javascript(),
          javascriptLanguage.data.of({ autocomplete: botApiCompletions(() => callbacks.current.envNames) }),
          keymap.of([
            {
              key: "Mod-s",
              preventDefault: true,
              run: () => {
                callbacks.current.onSave();
                return true;
              },
            },
          ]),
          typeOverSelection,
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onChange(update.state.doc.toString());
          }),
          EditorView.contentAttributes.of({ "aria-label": label }),
          theme,
          layout.of(layoutFor(narrow.matches)),
        ],
      }),
    });
    const onResize = () => view.dispatch({ effects: layout.reconfigure(layoutFor(narrow.matches)) });
    narrow.addEventListener("change", onResize);
    return () => {
      narrow.removeEventListener("change", onResize);
      view.destroy();
    };
  }, [resetKey]);

  return <div ref={host} className="editor" data-testid="code-editor" />;
}
