// The tests' "mathjs" (test/helpers/mathjs-parts.ts, see vitest.config.ts) must offer exactly what the
// calculator imports from mathjs, each a real mathjs value: a name added to restricted-math.ts without
// a line here would be undefined in every test, and fail far from its cause.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as parts from "../helpers/mathjs-parts.ts";

const source = readFileSync("lessons/02-agent-loop/restricted-math.ts", "utf8");
const imported = (/import \{([^}]*)\} from "mathjs"/.exec(source)?.[1] ?? "")
  .split(",")
  .map((name) => name.trim())
  .filter((name) => name !== "" && !name.startsWith("type "));

describe("the tests' mathjs parts match the calculator's imports", () => {
  it("restricted-math.ts imports values from mathjs (the list below is not empty)", () => {
    expect(imported).toContain("create");
    expect(imported.length).toBeGreaterThan(10);
  });

  it("exports every name the calculator imports, and nothing else", () => {
    expect(Object.keys(parts).sort(), "update test/helpers/mathjs-parts.ts to match restricted-math.ts's imports").toEqual([...imported].sort());
  });

  it("each is a real mathjs value: create a function, each XDependencies an object of factories", () => {
    for (const name of imported) {
      const value = (parts as Record<string, unknown>)[name];
      if (name === "create") expect(typeof value).toBe("function");
      else expect(value, name).toMatchObject({ [`create${name[0]!.toUpperCase()}${name.slice(1, -"Dependencies".length)}`]: expect.any(Function) });
    }
  });
});
