// The order in which npm test starts its files. vitest starts the files that took longest last time
// first; on a fresh clone (CI, a learner's first npm test) it knows no durations yet and starts the
// larger files first. The files below are not large, but they run longest, each starting the course's
// commands many times: started last, one of them would run on alone at the end. So they start first,
// whatever vitest knows, and the rest keep vitest's order.

import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

export const LONGEST_FILES = ["test/shared/workbench-output.test.ts", "test/lessons/11-mcp-hostile.test.ts", "test/lessons/11-mcp.test.ts", "test/shared/real-model-guard.test.ts"];

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const at = LONGEST_FILES.indexOf(path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join("/"));
      return at < 0 ? LONGEST_FILES.length : at;
    };
    // Project by project, as vitest runs them (the isolated one first); sort() keeps the order of ties.
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    return projects.flatMap((name) => sorted.filter((spec) => spec.project.name === name).sort((a, b) => rank(a) - rank(b)));
  }
}
