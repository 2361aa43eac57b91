// Where two texts of the course (or a text and the code it describes) once said different things, a
// check keeps them saying the same one. A learner who reads the lesson, then the exercise, then the
// reference solution must not be taught two answers to one question.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ContractTool } from "../../lessons/04-tool-contract/contract.ts";
import { callTool } from "../../lessons/04-tool-contract/dispatch.ts";
import { dispatch as solutionDispatch } from "../../solutions/04-tool-contract/dispatch.ts";

const read = (file: string): string => readFileSync(file, "utf8");

// "Your call was correct: retry it as is" is right for a failure that passes on its own (a busy file,
// a timeout); for an exception nobody classified, lesson 04 says the same call will likely fail again.
const RETRY_AS_IS = /retry (it |the call )?as is|повторить как есть/i;

const crashing: ContractTool = {
  name: "list_notes",
  description: "Notes.",
  input_schema: { type: "object", properties: {}, additionalProperties: false },
  run() {
    throw new TypeError("Cannot read properties of undefined (reading 'rows')");
  },
};

describe("a tool that throws: lesson 04, exercise 04 and its solution say the same", () => {
  it("lesson 04's dispatcher: our side, the call was not at fault, do not repeat it as is", async () => {
    const envelope = await callTool({ id: "toolu_1", name: "list_notes", input: {} }, [crashing]);
    expect(envelope.error).toMatch(/our side/);
    expect(envelope.error, "lesson 04 no longer tells the model not to repeat an unknown failure").not.toMatch(RETRY_AS_IS);
  });

  it("exercise 04's reference solution", async () => {
    const result = await solutionDispatch({ id: "toolu_1", name: "list_notes", input: {} }, [crashing]);
    const error = String((JSON.parse(String(result.content)) as { error: unknown }).error);
    expect(error).toMatch(/our side/);
    expect(error, "solutions/04-tool-contract/dispatch.ts tells the model to retry as is, which lesson 04 says not to").not.toMatch(RETRY_AS_IS);
  });

  it.each(["exercises/04-tool-contract/README.md", "exercises/04-tool-contract/README.ru.md", "exercises/04-tool-contract/dispatch.ts"])(
    "%s, task 4",
    (file) => {
      expect(read(file), `${file} asks for "retry it as is" after an unknown exception; lesson 04's ourFailure says the same call will likely fail again`).not.toMatch(RETRY_AS_IS);
    },
  );
});

describe("lesson 08 and lesson 02's loop agree on what lesson 08 adds to the loop", () => {
  it("the README names the two plug points, and the loop has them", () => {
    const loop = read("lessons/02-agent-loop/loop.ts");
    for (const point of ["send", "onMessage"]) {
      expect(loop, `lessons/02-agent-loop/loop.ts has no ${point} option, which lesson 08 says it adds`).toMatch(new RegExp(`\\b${point}\\?:`));
      for (const file of ["lessons/08-assistant/README.md", "lessons/08-assistant/README.ru.md"]) {
        expect(read(file), `${file} should name the plug point \`${point}\``).toContain(`\`${point}\``);
      }
    }
  });

  it("neither README calls the loop unchanged", () => {
    expect(read("lessons/08-assistant/README.md")).not.toMatch(/`runLoop`, unchanged/);
    expect(read("lessons/08-assistant/README.ru.md")).not.toMatch(/`runLoop` из урока 02, без изменений/);
  });
});
