/**
 * fast-check generators for the differential test: documents, filters, updates, sorts and projections over a small
 * vocabulary of field names and values, so that generated filters hit generated documents often.
 */
import fc from "fast-check";

export const FIELDS = ["a", "b", "c"] as const;
export const PATHS = ["a", "b", "c", "a.b", "a.c", "b.a", "a.0", "a.1", "a.0.b", "a.b.c", "b.0"] as const;

export const scalar = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom(1.5, -0.5, 100),
  fc.constantFrom("", "x", "y", "ab", "Ab", "b", "xyz"),
  fc.boolean(),
  fc.constant(null),
);

/** A JSON value; arrays never directly contain arrays (a listed deviation, see docs/bot-runtime.md#deviations). */
export const value: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown; object: unknown; element: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.array(tie("element"), { maxLength: 3 }),
    tie("object"),
  ),
  element: fc.oneof({ depthSize: "small" }, scalar, tie("object")),
  object: fc.dictionary(fc.constantFrom(...FIELDS), tie("value"), { maxKeys: 3 }),
})).value;

export const document = fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 3 });

const comparable = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom(1.5, "", "x", "ab", "b", "Ab"));
const regex = fc.record({
  $regex: fc.constantFrom("^a", "b$", "x", "A", "^$", "a|y", "[xy]z?", "^.b", "\\d", "(?:ab)+"),
  $options: fc.constantFrom(undefined, "i"),
});

/** An operator object for one field. */
export const operators: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{ ops: Record<string, unknown> }>((tie) => ({
  ops: fc
    .array(
      fc.oneof(
        value.map((v) => ({ $eq: v })),
        value.map((v) => ({ $ne: v })),
        fc
          .record({ op: fc.constantFrom("$gt", "$gte", "$lt", "$lte"), v: comparable })
          .map(({ op, v }) => ({ [op]: v })),
        fc.array(value, { maxLength: 3 }).map((v) => ({ $in: v })),
        fc.array(value, { maxLength: 3 }).map((v) => ({ $nin: v })),
        fc.boolean().map((v) => ({ $exists: v })),
        fc.array(scalar, { minLength: 1, maxLength: 2 }).map((v) => ({ $all: v })),
        fc.integer({ min: 0, max: 3 }).map((v) => ({ $size: v })),
        regex.map((r) => (r.$options ? r : { $regex: r.$regex })),
        fc.oneof({ depthSize: "small" }, tie("ops"), fc.constant({ $gt: 0 })).map((o) => ({ $not: o })),
        fc
          .oneof(
            { depthSize: "small" },
            fc.record({ op: fc.constantFrom("$gt", "$lt", "$eq"), v: comparable }).map(({ op, v }) => ({ [op]: v })),
            fc.record({ k: fc.constantFrom(...FIELDS), v: scalar }).map(({ k, v }) => ({ [k]: v })),
          )
          .map((sub) => ({ $elemMatch: sub })),
      ),
      { minLength: 1, maxLength: 2 },
    )
    .map((list) => Object.assign({}, ...list) as Record<string, unknown>),
})).ops;

/** A filter: field conditions and $and/$or/$nor. */
export const filter: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{ filter: Record<string, unknown> }>((tie) => ({
  filter: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.dictionary(fc.constantFrom(...PATHS), fc.oneof(value, operators), { minKeys: 1, maxKeys: 2 }),
    fc
      .record({
        op: fc.constantFrom("$and", "$or", "$nor"),
        subs: fc.array(tie("filter"), { minLength: 1, maxLength: 3 }),
      })
      .map(({ op, subs }) => ({ [op]: subs })),
  ),
})).filter;

const updatePath = fc.constantFrom("a", "b", "c", "a.b", "a.c", "b.a", "a.0", "d");
const operand = fc.record({ path: updatePath, v: value });
/** An update document of one or two operators. */
export const update = fc
  .array(
    fc.oneof(
      operand.map(({ path, v }) => ({ $set: { [path]: v } })),
      updatePath.map((path) => ({ $unset: { [path]: "" } })),
      fc
        .record({ path: updatePath, n: fc.integer({ min: -3, max: 3 }) })
        .map(({ path, n }) => ({ $inc: { [path]: n } })),
      fc
        .record({ path: updatePath, n: fc.integer({ min: -2, max: 3 }) })
        .map(({ path, n }) => ({ $mul: { [path]: n } })),
      fc.record({ op: fc.constantFrom("$min", "$max"), path: updatePath, v: comparable }).map(({ op, path, v }) => ({
        [op]: { [path]: v },
      })),
      operand.map(({ path, v }) => ({ $push: { [path]: v } })),
      fc.record({ path: updatePath, v: fc.array(scalar, { maxLength: 3 }) }).map(({ path, v }) => ({
        $push: { [path]: { $each: v } },
      })),
      operand.map(({ path, v }) => ({ $addToSet: { [path]: v } })),
      fc.record({ path: updatePath, v: scalar }).map(({ path, v }) => ({ $pull: { [path]: v } })),
      fc.record({ path: updatePath, n: fc.integer({ min: -3, max: 3 }) }).map(({ path, n }) => ({
        $pull: { [path]: { $gte: n } },
      })),
      fc.record({ from: fc.constantFrom("a", "b", "c"), to: fc.constantFrom("d", "e", "a.x") }).map(({ from, to }) => ({
        $rename: { [from]: to },
      })),
    ),
    { minLength: 1, maxLength: 2 },
  )
  .map((ops) => {
    const out: Record<string, Record<string, unknown>> = {};
    for (const o of ops) for (const [op, fields] of Object.entries(o)) out[op] = { ...(out[op] ?? {}), ...fields };
    return out;
  });

export const sort = fc
  .uniqueArray(fc.constantFrom("a", "b", "c", "a.b"), { minLength: 1, maxLength: 2 })
  .chain((fields) =>
    fc
      .tuple(...fields.map(() => fc.constantFrom(1, -1)))
      .map((dirs) => Object.fromEntries(fields.map((f, i) => [f, dirs[i]]))),
  );

export const projection = fc.oneof(
  fc
    .uniqueArray(fc.constantFrom("a", "b", "a.b", "c"), { minLength: 1, maxLength: 2 })
    .map((fs) => Object.fromEntries(fs.map((f) => [f, 1]))),
  fc
    .uniqueArray(fc.constantFrom("a", "b", "a.b", "c"), { minLength: 1, maxLength: 2 })
    .map((fs) => Object.fromEntries(fs.map((f) => [f, 0]))),
);
