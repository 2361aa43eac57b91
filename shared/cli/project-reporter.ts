// A vitest reporter that writes each test's outcome with its failure message, in one small JSON file
// the wrong-answer proofs read. `project` is the wrong answer the test file ran ("03-saving-files--name").

import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";
import { isHard } from "../../test/helpers/levels.ts";
import { wrongAnswerOfTestFile } from "./wrong-answers.ts";

export interface ProjectOutcome {
  project: string;
  file: string; // relative to the repo root
  title: string; // "describe > it"
  passed: boolean;
  hard: boolean; // a hard-mode check (test/helpers/levels.ts)
  ran: boolean; // false: skipped (the proofs stop a file at its first failing check)
  message: string;
}

export interface ProjectReport {
  tests: ProjectOutcome[];
  // Test files that failed to load (no test ran), by project.
  brokenFiles: Array<{ project: string; file: string; message: string }>;
}

export class ProjectReporter implements Reporter {
  constructor(private readonly outputFile: string) {}

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const report: ProjectReport = { tests: [], brokenFiles: [] };
    for (const module of testModules) {
      const file = path.relative(process.cwd(), module.moduleId);
      const project = wrongAnswerOfTestFile(file);
      let count = 0;
      for (const test of module.children.allTests()) {
        const result = test.result();
        const ran = result.state !== "skipped" && result.state !== "pending";
        if (ran) count += 1;
        const errors = result.state === "failed" ? result.errors : [];
        report.tests.push({
          project,
          file,
          title: test.fullName,
          passed: result.state === "passed",
          hard: isHard(test.tags),
          ran,
          message: errors.map((e) => e.message).join("\n"),
        });
      }
      const loadErrors = module.errors();
      if (count === 0 && loadErrors.length > 0) {
        report.brokenFiles.push({ project, file, message: loadErrors.map((e) => e.message).join("\n") });
      }
    }
    writeFileSync(this.outputFile, JSON.stringify(report));
  }
}
