// A vitest reporter that writes, for each test, which project it ran in. Vitest's own JSON report
// does not say, and the wrong-answer proofs run the same test file once per wrong answer (one
// project each), so they need it.

import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

export interface ProjectOutcome {
  project: string;
  file: string; // relative to the repo root
  title: string; // "describe > it"
  passed: boolean;
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
      const project = module.project.name;
      const file = path.relative(process.cwd(), module.moduleId);
      let count = 0;
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === "skipped" || result.state === "pending") continue;
        count += 1;
        const errors = result.state === "failed" ? result.errors : [];
        report.tests.push({
          project,
          file,
          title: test.fullName,
          passed: result.state === "passed",
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
