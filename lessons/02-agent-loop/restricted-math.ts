// The evaluator behind calculate: a mathjs instance that knows arithmetic and nothing else.
// Three fences, each enough on its own to stop `import`, `evaluate` and friends:
//   1. the instance is built from an allowlist of functions, not from all of mathjs;
//   2. the functions mathjs' security guide names are replaced by ones that throw;
//   3. every expression is parsed and its tree checked before anything runs.
// Importing only these pieces also keeps the bundled lesson quick to load (mathjs whole takes seconds).

import {
  absDependencies, acosDependencies, addDependencies, asinDependencies, atanDependencies, cbrtDependencies,
  ceilDependencies, cosDependencies, create, divideDependencies, eDependencies, evaluateDependencies,
  expDependencies, floorDependencies, log10Dependencies, log2Dependencies, logDependencies, maxDependencies,
  meanDependencies, minDependencies, modDependencies, multiplyDependencies, parseDependencies, piDependencies,
  powDependencies, roundDependencies, sinDependencies, sqrtDependencies, subtractDependencies, sumDependencies,
  tanDependencies, unaryMinusDependencies, unaryPlusDependencies, type FactoryFunctionMap, type MathNode,
} from "mathjs";

export const ALLOWED_FUNCTIONS = [
  "abs", "ceil", "floor", "round", "sqrt", "cbrt", "exp", "log", "log10", "log2", "pow", "min", "max",
  "mod", "sum", "mean", "sin", "cos", "tan", "asin", "acos", "atan",
];
const ALLOWED_CONSTANTS = new Set(["pi", "e"]);
const ALLOWED_OPERATORS = new Set(["add", "subtract", "multiply", "divide", "pow", "mod", "unaryMinus", "unaryPlus"]);

export type Evaluate = (expression: string) => unknown;

export function createRestrictedMath(): Evaluate {
  const math = create(present({
    parseDependencies, evaluateDependencies, addDependencies, subtractDependencies, multiplyDependencies,
    divideDependencies, powDependencies, modDependencies, unaryMinusDependencies, unaryPlusDependencies,
    absDependencies, ceilDependencies, floorDependencies, roundDependencies, sqrtDependencies, cbrtDependencies,
    expDependencies, logDependencies, log10Dependencies, log2Dependencies, minDependencies, maxDependencies,
    sumDependencies, meanDependencies, sinDependencies, cosDependencies, tanDependencies, asinDependencies,
    acosDependencies, atanDependencies, piDependencies, eDependencies,
  }));
  // Keep our own handle on the parser before the public one is disabled below.
  const parse = math.parse;

  // mathjs' security guide names import, createUnit, reviver, evaluate, parse, simplify and derivative:
  // untrusted text must not reach them. `import` and `createUnit` change the instance for every later
  // call; `reviver` rebuilds objects from JSON; `evaluate`, `parse`, `simplify`, `derivative`, and
  // `compile` and `resolve` (our additions) would let an expression run another expression, past the
  // checks below.
  const disabled = ["import", "createUnit", "reviver", "evaluate", "parse", "compile", "simplify", "derivative", "resolve"];
  math.import(
    Object.fromEntries(
      disabled.map((name) => [
        name,
        () => {
          throw new Error(`${name}() is disabled in calculate`);
        },
      ]),
    ),
    { override: true },
  );

  return (expression) => {
    const tree = parse(expression);
    tree.traverse((node, path) => checkNode(node, path));
    return tree.evaluate({});
  };
}

// mathjs' types mark each factory list as possibly missing; a missing one is a broken install.
function present(factories: Record<string, FactoryFunctionMap | undefined>): Record<string, FactoryFunctionMap> {
  const found: Record<string, FactoryFunctionMap> = {};
  for (const [name, factory] of Object.entries(factories)) {
    if (!factory) throw new Error(`mathjs does not export ${name}: reinstall it with npm install`);
    found[name] = factory;
  }
  return found;
}

// Numbers, + - * / ^ %, parentheses, and the allowed functions and constants. Nothing else.
function checkNode(node: MathNode, path: string): void {
  switch (node.type) {
    case "ConstantNode":
    case "ParenthesisNode":
    case "FunctionNode": // its name is the SymbolNode checked next (path "fn")
      return;
    case "OperatorNode": {
      const { fn, op } = node as MathNode & { fn: string; op: string };
      if (ALLOWED_OPERATORS.has(fn)) return;
      throw new Error(`the operator '${op}' is not allowed`);
    }
    case "SymbolNode": {
      const name = (node as MathNode & { name: string }).name;
      if (path === "fn" ? ALLOWED_FUNCTIONS.includes(name) : ALLOWED_CONSTANTS.has(name)) return;
      throw new Error(
        path === "fn"
          ? `the function '${name}' is not allowed (allowed: ${ALLOWED_FUNCTIONS.join(", ")})`
          : `'${name}' is not a number (variables and units are not supported; constants: pi, e)`,
      );
    }
    default:
      throw new Error(`${NODE_NAMES[node.type] ?? node.type} is not allowed`);
  }
}

const NODE_NAMES: Record<string, string> = {
  AssignmentNode: "assignment (=)",
  FunctionAssignmentNode: "defining a function",
  AccessorNode: "property access",
  IndexNode: "indexing",
  ArrayNode: "a matrix or list",
  ObjectNode: "an object",
  RangeNode: "a range (:)",
  ConditionalNode: "a condition (? :)",
  BlockNode: "several expressions (; or newline)",
  RelationalNode: "a comparison",
};
