// calculate as a contract: lesson 02's safe evaluator (imported), with a schema that bounds the input
// and a description that says what is and is not accepted. Every error it raises is about the
// expression, so each goes back to the model as an instruction to fix it.

import { calculate, MAX_EXPRESSION_LENGTH } from "../02-agent-loop/calculate.ts";
import { ToolError, type ContractTool } from "./contract.ts";

export const calculateTool: ContractTool<{ expression: string }, { expression: string; result: number }> = {
  name: "calculate",
  description:
    "Evaluate one arithmetic expression exactly and return the number. " +
    "Use it for every figure the answer depends on (conversions, percentages, totals); do not do sums in your head. " +
    "Accepts numbers without thousands separators, + - * / ^ %, parentheses and functions such as sqrt, round, min, max. " +
    'Returns {"expression","result"}. It does not accept variables, units, currency symbols or text, and says which part it refused.',
  input_schema: {
    type: "object",
    properties: {
      expression: {
        type: "string",
        minLength: 1,
        maxLength: MAX_EXPRESSION_LENGTH,
        description: "The arithmetic to evaluate, plain numbers and operators only",
        examples: ["500 * 92.5", "46250 * 15 / 100"],
      },
    },
    required: ["expression"],
    additionalProperties: false,
  },
  async run(input) {
    try {
      return { expression: input.expression, result: await calculate(input.expression) };
    } catch (error) {
      throw new ToolError(error instanceof Error ? error.message : String(error));
    }
  },
};
