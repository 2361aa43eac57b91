// Fuzz: the calculator. Expressions from the allowed grammar (numbers, + - * / ^ %, parentheses,
// the allowed functions and constants) evaluate to a finite number or a clear error, never anything
// else; any expression that contains a refused function or piece of syntax is refused, and nothing it
// names is ever run. Seeded and bounded.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculate, MAX_EXPRESSION_LENGTH } from "../../lessons/02-agent-loop/calculate.ts";
import { ALLOWED_FUNCTIONS } from "../../lessons/02-agent-loop/restricted-math.ts";

const RUNS = { seed: 42, numRuns: 200 };

const ONE_ARGUMENT = ALLOWED_FUNCTIONS.filter((name) => !["pow", "mod", "min", "max", "sum", "mean"].includes(name));
const TWO_ARGUMENTS = ["pow", "mod", "min", "max", "sum", "mean"];

const number = fc.oneof(
  fc.integer({ min: 0, max: 100_000 }).map(String),
  fc.double({ min: 0, max: 1000, noNaN: true, noDefaultInfinity: true }).map((n) => String(Number(n.toFixed(3)))),
  fc.constantFrom("pi", "e", "0", "0.5", "15%"),
);

const { expression } = fc.letrec<{ expression: string }>((tie) => ({
  expression: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    number,
    fc.tuple(tie("expression"), fc.constantFrom("+", "-", "*", "/", "^", "%"), tie("expression")).map(([a, op, b]) => `${a} ${op} ${b}`),
    tie("expression").map((a) => `(${a})`),
    tie("expression").map((a) => `-${a}`),
    fc.tuple(fc.constantFrom(...ONE_ARGUMENT), tie("expression")).map(([fn, a]) => `${fn}(${a})`),
    fc.tuple(fc.constantFrom(...TWO_ARGUMENTS), tie("expression"), tie("expression")).map(([fn, a, b]) => `${fn}(${a}, ${b})`),
  ),
}));
const allowed = expression.filter((text) => text.length <= MAX_EXPRESSION_LENGTH);

// What the model might slip in: functions mathjs' security guide names, assignments, objects,
// matrices, strings, property access, conditions, comparisons, ranges, several statements, unknowns.
const refused = fc.constantFrom(
  'import({pi: 3}, {override: true})',
  'evaluate("1+1")',
  'parse("1")',
  'compile("1")',
  'simplify("x")',
  'derivative("x^2", "x")',
  'resolve("x")',
  'createUnit("foo")',
  'reviver("x", 1)',
  "x = 5",
  "f(x) = x",
  "{a: 1}",
  "[1, 2]",
  '"text"',
  "pi.constructor",
  "1 ? 2 : 3",
  "1 < 2",
  "1:3",
  "1; 2",
  "cube(2)",
  "factorial(5)",
  "x",
  "5 cm",
  "sqrt(4)[1]",
  "1 == 1",
  "not 1",
  "1 and 0",
);

describe("fuzz: calculate", () => {
  it("an expression of the allowed grammar gives a finite number or an error saying what to send", async () => {
    let numbers = 0;
    await fc.assert(
      fc.asyncProperty(allowed, async (text) => {
        try {
          const value = await calculate(text);
          expect(Number.isFinite(value), `${text} gave ${value}`).toBe(true);
          numbers++;
        } catch (error) {
          expect(error, text).toBeInstanceOf(Error);
          expect((error as Error).message, text).toMatch(/Could not calculate|does not give a single number|not a finite number/);
        }
      }),
      RUNS,
    );
    expect(numbers, "almost nothing evaluated: the grammar above is not what calculate accepts").toBeGreaterThan(RUNS.numRuns / 2);
  });

  it("an expression holding a refused function or syntax anywhere is refused", async () => {
    const placed = fc
      .tuple(allowed, refused, fc.constantFrom("left", "right", "inside", "alone"))
      .map(([good, bad, where]) =>
        where === "alone" ? bad : where === "left" ? `${bad} + ${good}` : where === "right" ? `${good} * ${bad}` : `sqrt(${good} + ${bad})`,
      )
      .filter((text) => text.length <= MAX_EXPRESSION_LENGTH);
    await fc.assert(
      fc.asyncProperty(placed, async (text) => {
        await expect(calculate(text), `${text} was evaluated`).rejects.toThrow(/Could not calculate|not allowed|is not a number/);
      }),
      RUNS,
    );
    // Nothing refused changed the evaluator: pi is still pi, and import is still closed.
    expect(await calculate("pi")).toBeCloseTo(Math.PI, 10);
    await expect(calculate('import({pi: 3}, {override: true})')).rejects.toThrow();
  });
});
