/**
 * Filter compilation as text (src/sql.ts, src/jsonpath.ts): the parts that change speed but not answers (index hints,
 * SQL for createIndex fields, ORDER BY) and literals, checked on the SQL the compiler writes. Answers themselves are
 * checked against Postgres in semantics.test.ts.
 */
import { describe, expect, it } from "@jest/globals";
import { FilterCompiler, numberLiteral, PathTarget, scalarLiteral } from "../src/jsonpath.js";
import { equalityHint, indexedFieldSql, orderBySql, Params, whereSql } from "../src/sql.js";

const info = (indexed: Record<string, string[]> = {}) => ({
  scopeKey: "bot/users",
  indexed: new Map(Object.entries(indexed)),
});

describe("literals", () => {
  it.each<[number, string]>([
    [0, "0"],
    [-0, "0"],
    [5, "5"],
    [-2.5, "-2.5"],
    [1e21, "1000000000000000000000"],
    [1.5e22, "15000000000000000000000"],
    [-1e21, "-1000000000000000000000"],
    [1e-7, "0.0000001"],
    [1.25e-7, "0.000000125"],
    [123e-20, "0.00000000000000000123"],
  ])("%d → %s", (n, text) => expect(numberLiteral(n)).toBe(text));
  it("refuses non-finite numbers", () => {
    expect(() => numberLiteral(Number.POSITIVE_INFINITY)).toThrow("numbers in a filter must be finite");
  });
  it("writes scalars as jsonpath literals", () => {
    expect(scalarLiteral(null)).toBe("null");
    expect(scalarLiteral(true)).toBe("true");
    expect(scalarLiteral(false)).toBe("false");
    expect(scalarLiteral('a"b\\')).toBe('"a\\"b\\\\"');
    expect(() => scalarLiteral("a\u0000")).toThrow("a string in the filter contains a NUL character (\\u0000)");
  });
});

describe("paths", () => {
  it("walks plain paths with lax accessors", () => {
    expect(new PathTarget(["a", "b"]).anyLeaf("Q")).toBe('exists(@."a" ? (exists(@."b" ? (Q))))');
    expect(new PathTarget(["a"]).exists()).toBe('exists(@."a")');
  });
  it("splits an array index into the array and the object reading", () => {
    expect(new PathTarget(["a", "0"]).anyLeaf("Q")).toBe(
      '((@."a".type() == "object" && exists(@."a"."0" ? (Q))) || (@."a".type() == "array" && exists(@."a"[0] ? (Q))))',
    );
  });
  it("refuses more than 3 array indexes", () => {
    expect(() => new PathTarget(["a", "0", "1", "2", "3"])).toThrow(
      "field path 'a.0.1.2.3' has more than 3 array indexes",
    );
  });
  it("defines missing as MongoDB's equality with null sees it: an array passed counts each element missing the rest", () => {
    // null_query_semantics.js (testDottedEqualsNull): { 'a.b': null } matches a: 4, a: {}, a: [], a: [5], a: [{}].
    expect(new PathTarget(["a"]).missing()).toBe('!exists(@."a")');
    expect(new PathTarget(["a", "b"]).missing()).toBe(
      '(!exists(@."a") || (@."a".type() != "object" && @."a".type() != "array") || ' +
        '(@."a".type() == "object" && !exists(@."a"."b")) || ' +
        '(@."a".type() == "array" && (@."a".size() == 0 || exists(@."a" ? (@.type() != "object" || !exists(@."b"))))))',
    );
    expect(new PathTarget(["a", "1"]).missing()).toBe(
      '(!exists(@."a") || (@."a".type() != "object" && @."a".type() != "array") || ' +
        '(@."a".type() == "object" && !exists(@."a"."1")) || (@."a".type() == "array" && !exists(@."a"[1])))',
    );
  });
});

describe("operators", () => {
  const c = () => new FilterCompiler();
  it("guards comparisons by type", () => {
    expect(c().document({ n: { $gt: 5 } })).toBe('exists(@."n" ? ((@.type() == "number" && @ > 5)))');
    expect(c().document({ s: { $lte: "b" } })).toBe('exists(@."s" ? ((@.type() == "string" && @ <= "b")))');
  });
  it("refuses bad operands with a reason", () => {
    expect(() => c().document({ n: { $size: -1 } })).toThrow("$size takes a whole number");
    expect(() => c().document({ n: { $size: 1.5 } })).toThrow("$size takes a whole number");
    expect(() => c().document({ n: { $exists: "yes" } })).toThrow("$exists takes true or false");
    // As MongoDB: a number is read as its truth (1 as true, 0 as false).
    expect(c().document({ n: { $exists: 1 } })).toBe(c().document({ n: { $exists: true } }));
    expect(c().document({ n: { $exists: 0 } })).toBe(c().document({ n: { $exists: false } }));
    expect(() => c().document({ n: { $not: 5 } })).toThrow("$not takes an operator object such as { $gt: 5 }");
    expect(() => c().document({ n: { $all: 5 } })).toThrow("$all takes an array");
    expect(() => c().document({ n: { $all: [{ $gt: 1 }] } })).toThrow("$all takes values, not operators");
    expect(() => c().document({ n: { $in: [{ $gt: 1 }] } })).toThrow("$in takes values, not operators");
    expect(() => c().document({ n: { $elemMatch: {} } })).toThrow(/\$elemMatch takes a non-empty object/);
    expect(() => c().document({ n: { $options: "i" } })).toThrow("$options needs $regex");
    expect(() => c().document({ n: { $gt: 1, k: 2 } })).toThrow("the condition of 'n' mixes operators and field names");
    expect(() => c().document({ $or: [] })).toThrow("$or takes a non-empty array of filters");
    expect(() => c().document({ $and: [5] })).toThrow("$and takes a non-empty array of filters");
    expect(() => c().document({ n: undefined })).toThrow("filter values must be JSON values (undefined is not)");
    expect(() => c().document({ n: { $in: new Array(1001).fill(1) } })).toThrow("$in takes at most 1000 values");
    expect(() => c().document({ n: { $all: new Array(1001).fill(1) } })).toThrow("$all takes at most 1000 values");
  });
  it("bounds nesting and size", () => {
    let deep: Record<string, unknown> = { a: 1 };
    for (let i = 0; i < 14; i += 1) deep = { $and: [deep] };
    expect(() => c().document(deep)).toThrow("filter is nested more than 12 levels deep");
    let not: Record<string, unknown> = { $gt: 1 };
    for (let i = 0; i < 14; i += 1) not = { $not: not };
    expect(() => c().document({ a: not })).toThrow("filter is nested more than 12 levels deep");
    // $in and $all take values: an object with an operator among its keys is refused, any other object is a value.
    for (const op of ["$in", "$all"]) {
      expect(() => c().document({ a: { [op]: [{ $gt: 1, b: 2 }] } })).toThrow(`${op} takes values, not operators`);
      expect(() => c().document({ a: { [op]: [{ b: 2 }, 3, null] } })).not.toThrow();
    }
    // An empty filter, alone or inside $and, is the predicate that holds for every document.
    expect(c().document({})).toBe("exists(@)");
    expect(c().document({ $and: [{}] })).toBe("exists(@)");
    // Exactly at the limit: 12 levels of $not or of $elemMatch compile, 13 do not.
    const nested = (op: string, levels: number) => {
      let o: Record<string, unknown> = { $gt: 1 };
      for (let i = 0; i < levels; i += 1) o = { [op]: o };
      return { a: o };
    };
    for (const op of ["$not", "$elemMatch"]) {
      expect(() => c().document(nested(op, 12))).not.toThrow();
      expect(() => c().document(nested(op, 13))).toThrow("filter is nested more than 12 levels deep");
    }
    // The same through $elemMatch on fields of the elements: { b: { $elemMatch: { b: { $elemMatch: … } } } }.
    const fields = (levels: number) => {
      let o: Record<string, unknown> = { x: 1 };
      for (let i = 0; i < levels; i += 1) o = { b: { $elemMatch: o } };
      return o;
    };
    expect(() => c().document(fields(12))).not.toThrow();
    expect(() => c().document(fields(13))).toThrow("filter is nested more than 12 levels deep");
    const wide = Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`f${i}`, 1]));
    expect(() => c().document(wide)).toThrow("filter is too large (more than 2000 conditions and values)");
    expect(() => c().document({ a: { $in: new Array(1000).fill(1) }, b: { $in: new Array(1000).fill(1) } })).toThrow(
      /filter is too large/,
    );
  });
  it("compares objects key by key and rejects other keys", () => {
    expect(c().document({ o: {} })).toBe('exists(@."o" ? ((@.type() == "object" && !exists(@.keyvalue()))))');
  });
});

describe("index hints", () => {
  it.each<[string, unknown, string | null]>([
    ["a", 5, '@."a" == 5'],
    ["a.b", "x", '@."a"."b" == "x"'],
    ["a", { $eq: true }, '@."a" == true'],
    ["a", { $in: [1, 2] }, '(@."a" == 1 || @."a" == 2)'],
    ["a", { $all: [1, 2] }, '@."a" == 1 && @."a" == 2'],
    ["a", { $in: [1, null] }, null],
    ["a", { $in: [] }, null],
    ["a", null, null],
    ["a", [1], null],
    ["a", { b: 1 }, null],
    ["a.0", 1, null],
    ["a", { $gt: 1 }, null],
    ["a", { $eq: 1, $in: [2] }, '@."a" == 1 && (@."a" == 2)'],
  ])("%s: %j → %s", (field, condition, hint) => expect(equalityHint(field, condition)).toBe(hint));

  it("puts the hint on the scoped index expression, and none for indexed fields", () => {
    const p = new Params();
    const where = whereSql({ a: 1 }, info(), p);
    expect(where).toContain("docstore_scoped(bot_id, collection, data) @? $2::jsonpath");
    expect(p.values[1]).toBe('lax $."bot/users" ? (@."a" == 1)');
    const q = new Params();
    expect(whereSql({ a: 1 }, info({ a: ["a"] }), q)).toBe(
      "(docstore_rank((data #> '{\"a\"}'::text[])) = 2 and docstore_num((data #> '{\"a\"}'::text[])) = $1::numeric)",
    );
  });
  it("matches everything for an empty or absent filter", () => {
    expect(whereSql(undefined, info(), new Params())).toBe("true");
    expect(whereSql({}, info(), new Params())).toBe("true");
    expect(() => whereSql([1], info(), new Params())).toThrow("filter must be an object such as { name: 'Ann' }");
  });
});

describe("createIndex fields as SQL", () => {
  const v = "V";
  const sql = (condition: unknown) => {
    const p = new Params();
    return { text: indexedFieldSql(v, "f", condition, p), values: p.values };
  };
  it.each<[unknown, string | null, unknown[]]>([
    [5, "(docstore_rank(V) = 2 and docstore_num(V) = $1::numeric)", [5]],
    ["x", '(docstore_rank(V) = 3 and docstore_str(V) COLLATE "C" = $1::text)', ["x"]],
    [true, "(docstore_rank(V) = 6 and docstore_num(V) = 1)", []],
    [false, "(docstore_rank(V) = 6 and docstore_num(V) = 0)", []],
    [null, "docstore_rank(V) = 1", []],
    [[1], "false", []],
    [{ a: 1 }, null, []],
    [{ $ne: 5 }, "(not (docstore_rank(V) = 2 and docstore_num(V) = $1::numeric))", [5]],
    [
      { $gt: 1, $lte: 9 },
      "((docstore_rank(V) = 2 and docstore_num(V) > $1::numeric) and (docstore_rank(V) = 2 and docstore_num(V) <= $2::numeric))",
      [1, 9],
    ],
    [
      { $gte: "a", $lt: "b" },
      '((docstore_rank(V) = 3 and docstore_str(V) COLLATE "C" >= $1::text) and (docstore_rank(V) = 3 and docstore_str(V) COLLATE "C" < $2::text))',
      ["a", "b"],
    ],
    [{ $in: [1, null] }, "(((docstore_rank(V) = 2 and docstore_num(V) = $1::numeric) or docstore_rank(V) = 1))", [1]],
    [{ $in: [] }, "(false)", []],
    [{ $nin: ["x"] }, '(not ((docstore_rank(V) = 3 and docstore_str(V) COLLATE "C" = $1::text)))', ["x"]],
    [{ $in: [{ a: 1 }] }, null, []],
    [{ $in: 3 }, null, []],
    [{ $exists: true }, "(V is not null)", []],
    [{ $exists: 0 }, "(V is null)", []],
    [{ $exists: "x" }, null, []],
    [{ $eq: { a: 1 } }, null, []],
    [{ $regex: "x" }, null, []],
  ])("%j", (condition, text, values) => {
    const got = sql(condition);
    expect(got.text).toBe(text);
    if (text !== null) expect(got.values).toEqual(values);
  });
  it("refuses comparisons with other types", () => {
    expect(() => sql({ $gt: true })).toThrow("$gt takes a number or a string");
  });
});

describe("ORDER BY", () => {
  it.each<[unknown, string]>([
    [undefined, "id asc"],
    [null, "id asc"],
    [
      { a: 1 },
      "docstore_rank((data #> '{\"a\"}'::text[])) asc, docstore_num((data #> '{\"a\"}'::text[])) asc, " +
        'docstore_str((data #> \'{"a"}\'::text[])) COLLATE "C" asc, id asc',
    ],
  ])("%j", (sort, text) => expect(orderBySql(sort, new Params())).toBe(text));
  it("takes 1, -1, asc, desc, ascending, descending", () => {
    for (const [d, dir] of [
      [1, "asc"],
      ["asc", "asc"],
      ["ascending", "asc"],
      [-1, "desc"],
      ["desc", "desc"],
      ["descending", "desc"],
    ]) {
      expect(orderBySql({ a: d }, new Params()).startsWith(`docstore_rank((data #> '{"a"}'::text[])) ${dir},`)).toBe(
        true,
      );
    }
  });
  it("binds paths that are not plain names", () => {
    const p = new Params();
    expect(orderBySql({ "a b": 1 }, p)).toContain("(data #> $1::text[])");
    expect(p.values).toEqual(['{"a b"}']);
  });
  it("refuses bad sorts", () => {
    expect(() => orderBySql([1], new Params())).toThrow("sort must be an object such as { age: -1 }");
    expect(() => orderBySql({ a: 0 }, new Params())).toThrow("sort direction of 'a' must be 1 or -1");
    const nine = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`f${i}`, 1]));
    expect(() => orderBySql(nine, new Params())).toThrow("sort takes at most 8 fields");
  });
});

describe("limits are exact", () => {
  const c = () => new FilterCompiler();
  it("accepts nesting of 12 levels, 1000 $in values and 2000 conditions", () => {
    let deep: Record<string, unknown> = { a: 1 };
    for (let i = 0; i < 12; i += 1) deep = { $and: [deep] };
    expect(() => c().document(deep)).not.toThrow();
    expect(() => c().document({ a: { $in: new Array(1000).fill(1) } })).not.toThrow();
    expect(() => c().document({ a: { $all: new Array(1000).fill(1) } })).not.toThrow();
    const wide = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`f${i}`, 1]));
    expect(() => c().document(wide)).not.toThrow();
  });
  it("accepts 3 array indexes in a path", () => {
    expect(() => new PathTarget(["a", "0", "1", "2"])).not.toThrow();
  });
});
