/** The Go-template subset behind the chart renderer behaves as Go's text/template and Helm do (src/helm/go-template). */
import { describe, expect, it } from "@jest/globals";
import { TemplateSet } from "../src/helm/go-template.js";

const render = (source: string, dot: unknown = {}, extra: Record<string, string> = {}) => {
  const set = new TemplateSet();
  for (const [name, text] of Object.entries(extra)) set.add(name, text);
  set.add("t", source);
  return set.render("t", dot);
};

describe("TemplateSet", () => {
  it("trims whitespace on the marked side of an action only", () => {
    expect(render("a  {{- 1 }}  b")).toBe("a1  b");
    expect(render("a  {{ 1 -}}  \n b")).toBe("a  1b");
    expect(render("x{{/* a comment */}}y")).toBe("xy");
  });

  it("reads fields, variables and $ (the top-level dot)", () => {
    const dot = { Values: { a: { b: "deep" } } };
    expect(render("{{ .Values.a.b }}", dot)).toBe("deep");
    expect(render("{{ $x := .Values.a }}{{ $x.b }}", dot)).toBe("deep");
    expect(render("{{ with .Values.a }}{{ .b }}/{{ $.Values.a.b }}{{ end }}", dot)).toBe("deep/deep");
  });

  it("renders a missing map key as nothing, and fails on a field of nil as Go does", () => {
    expect(render("[{{ .missing }}]", {})).toBe("[]");
    expect(() => render("{{ .missing.field }}", {})).toThrow(/nil pointer evaluating .field/);
  });

  it("passes a pipeline's value as the last argument of the next command", () => {
    expect(render('{{ "abcdef-" | trunc 4 | trimSuffix "d" }}')).toBe("abc");
    expect(render('{{ printf "%s-%d" "a" 7 | quote }}')).toBe('"a-7"');
  });

  it("tells (pipeline).Field from (pipeline) .Field", () => {
    expect(render('{{ (dict "k" .v).k }}', { v: "x" })).toBe("x");
    expect(render('{{ printf "%s%s" (print "a") .v }}', { v: "b" })).toBe("ab");
  });

  it("uses Go's truthiness in if, with and range, with else branches", () => {
    const cases: [unknown, string][] = [
      [0, "no"],
      ["", "no"],
      [[], "no"],
      [{}, "no"],
      [null, "no"],
      [false, "no"],
      ["0", "yes"],
      [[0], "yes"],
    ];
    for (const [v, want] of cases) expect(render("{{ if .v }}yes{{ else }}no{{ end }}", { v })).toBe(want);
    expect(render('{{ if eq .v "a" }}A{{ else if eq .v "b" }}B{{ else }}C{{ end }}', { v: "b" })).toBe("B");
    expect(render("{{ range .v }}x{{ else }}none{{ end }}", { v: [] })).toBe("none");
  });

  it("ranges over a map in key order, and over a list with index", () => {
    expect(render("{{ range $k, $v := .m }}{{ $k }}={{ $v }};{{ end }}", { m: { b: 2, a: 1 } })).toBe("a=1;b=2;");
    expect(render("{{ range $i, $v := .l }}{{ $i }}{{ $v }}{{ end }}", { l: ["x", "y"] })).toBe("0x1y");
  });

  it("returns an operand from and/or, as Go 1.18+ does", () => {
    expect(render('{{ or .a "fallback" }}', { a: "" })).toBe("fallback");
    expect(render('{{ and .a "second" }}', { a: "first" })).toBe("second");
    expect(render("{{ default 3 .a }}", {})).toBe("3");
  });

  it("renders toYaml with sorted keys and indents it", () => {
    expect(render("x:{{ toYaml .v | nindent 2 }}", { v: { b: [1], a: "s" } })).toBe("x:\n  a: s\n  b:\n    - 1");
  });

  it("includes named templates with their own dot", () => {
    const helpers = { h: '{{ define "greet" }}hi {{ .name }}{{ end }}' };
    expect(render('{{ include "greet" (dict "name" "Ada") | quote }}', {}, helpers)).toBe('"hi Ada"');
  });

  it("refuses what it does not implement, naming it", () => {
    expect(() => render("{{ upperless 1 }}")).toThrow(/function 'upperless' is not supported/);
    expect(() => render('{{ template "x" . }}')).toThrow(/'template' is not supported/);
    expect(() => render('{{ required "need v" .v }}')).toThrow(/need v/);
  });
});
