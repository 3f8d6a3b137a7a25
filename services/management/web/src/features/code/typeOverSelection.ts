/**
 * Text typed over a selection goes in through CodeMirror, not through Chromium's own editing.
 *
 * CodeMirror lets the browser insert typed text into its contenteditable and reads the change back from the DOM.
 * When the text replaces a selection that starts inside a highlighted token (a comment, `color: #940`), Chromium
 * deletes the selection and keeps the token's colour as its "typing style": it writes
 * `style="color: rgb(153, 68, 0);"` on the line's <div> (on every new line's <div> when the text holds newlines). It
 * does so even in plain-text-only editing (`-webkit-user-modify: read-write-plaintext-only`, which CodeMirror's base
 * theme sets), and the attribute comes from the browser's editing code, not from a script, so hooking `setAttribute`
 * sees nothing. The CSP's `style-src 'self'` refuses that inline style and Chromium reports a `style-src-attr`
 * violation (README.md#the-dashboard). Seen with Chromium 156 on select-all then typing a key, and on Playwright's
 * `insertText`; CodeMirror then redraws the lines anyway, so the colour never showed.
 *
 * So a non-composing `insertText` over a non-empty selection is cancelled (it is cancellable in desktop browsers)
 * and applied as CodeMirror applies a DOM change: the input handlers first (bracket closing, which wraps the
 * selection), else the selection replaced as `input.type`, which completion and undo grouping rely on. Typing at a
 * caret and IME composition still go through the browser: they delete nothing, so no typing style is kept.
 */
import type { Extension } from "@codemirror/state";
import { EditorView } from "@codemirror/view";

export const typeOverSelection: Extension = EditorView.domEventHandlers({
  beforeinput(event, view) {
    if (event.inputType !== "insertText" || event.isComposing || view.composing) return false;
    const text = event.data;
    const { state } = view;
    if (!text || state.readOnly || state.selection.ranges.every((range) => range.empty)) return false;
    const { from, to } = state.selection.main;
    const insert = () => state.update(state.replaceSelection(text), { userEvent: "input.type", scrollIntoView: true });
    if (!state.facet(EditorView.inputHandler).some((handler) => handler(view, from, to, text, insert))) {
      view.dispatch(insert());
    }
    // true: CodeMirror calls preventDefault, so the browser leaves the DOM alone.
    return true;
  },
});
