// Vitest config for the wrong-answer proofs (see wrong-answers.ts): one project per wrong answer,
// each running its exercise's checks with the solution overlaid by the wrong files. One vitest run
// covers them all, so the proofs cost one start-up, not one per wrong answer.
//   COURSE_WRONG_ANSWERS   comma-separated exercise ids to include (default: all)
//   COURSE_PROJECT_REPORT  where ProjectReporter writes the per-project results

import { defineConfig } from "vitest/config";
import { ProjectReporter } from "./project-reporter.ts";
import { listWrongAnswers, overlayPlugin } from "./wrong-answers.ts";

const root = process.cwd();
const wanted = (process.env.COURSE_WRONG_ANSWERS ?? "").split(",").filter(Boolean);
const only = wanted.length > 0 ? wanted : undefined; // none named: all of them
const report = process.env.COURSE_PROJECT_REPORT;

export default defineConfig({
  test: {
    root,
    reporters: report ? [new ProjectReporter(report)] : ["default"],
    projects: listWrongAnswers(root, only).map((wrong) => ({
      plugins: [overlayPlugin(wrong, root)],
      test: {
        name: `${wrong.exercise}/${wrong.name}`,
        root,
        include: [`test/${wrong.exercise}.test.ts`],
        testTimeout: 15_000,
        pool: "threads" as const,
      },
    })),
  },
});
