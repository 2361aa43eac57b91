// The CI files a learner's copy ships (issue 29): .github/workflows/course.yml is a valid workflow by
// GitHub's own parser and published schema (@actions/workflow-parser, no network), off in the course's
// own repository and on in a copy, and runs the commands the course really has with flags they accept;
// .gitlab-ci.yml does the same on GitLab. For .gitlab-ci.yml no npm package ships GitLab's CI schema
// as a file to load (gitlab-ci-lint and gitlab-ci-validate ask a GitLab server; gitlab-ci-local is one
// bundled program), so its shape is checked here against GitLab's documented job keywords instead.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { parseClassArgs } from "../../shared/cli/class.ts";
import { parseProgressArgs } from "../../shared/cli/progress.ts";
import { workflowErrors } from "../helpers/workflow-parser.ts";

const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;

// Each `npm run NAME -- args` in a CI script names a script of package.json, and its command accepts
// the arguments.
function courseCommands(text: string): { name: string; args: string[] }[] {
  // The arguments end where the shell's own syntax starts (a redirect, a pipe, &&).
  return [...text.matchAll(/npm run (?:--silent )?(\w+)(?: -- ([^\n>|&]*))?/g)].map((m) => ({ name: m[1]!, args: (m[2] ?? "").split(/\s+/).filter(Boolean) }));
}

function accepted(command: { name: string; args: string[] }): boolean {
  if (command.name === "progress") return !("error" in parseProgressArgs(command.args));
  if (command.name === "class") return !("error" in parseClassArgs(command.args.map((a) => a.replace(/^"|"$/g, ""))));
  return true;
}

describe(".github/workflows/course.yml", () => {
  const text = readFileSync(".github/workflows/course.yml", "utf8");
  const workflow = parse(text) as { jobs: Record<string, { if: string; steps: { run?: string; uses?: string; with?: Record<string, string> }[] }> };

  it("is a valid workflow by GitHub's parser and schema, which does refuse a broken one", async () => {
    expect(await workflowErrors(text, "course.yml")).toEqual([]);
    const broken = text.replace("runs-on:", "runs_on:").replace("if: ${{ always() }}", "if: ${{ always( }}");
    expect((await workflowErrors(broken, "course.yml")).length).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it("is off in the course's own repository (a template, or COURSE_CHECKS=off) and on in a copy", () => {
    const job = Object.values(workflow.jobs)[0]!;
    expect(job.if).toContain("!github.event.repository.is_template");
    expect(job.if).toContain("vars.COURSE_CHECKS != 'off'");
  });

  it("runs npm ci and every check, puts the table in the job summary, keeps the JUnit report", () => {
    const steps = Object.values(workflow.jobs)[0]!.steps;
    const runs = steps.map((s) => s.run ?? "").join("\n");
    expect(runs).toContain("npm ci");
    expect(runs).toMatch(/npm run progress -- .*--junit report\.xml/);
    expect(runs).toContain('>> "$GITHUB_STEP_SUMMARY"');
    const upload = steps.find((s) => s.uses?.startsWith("actions/upload-artifact@"));
    expect(upload?.with?.path).toContain("report.xml");
    for (const command of courseCommands(runs)) {
      expect(scripts[command.name], `npm run ${command.name}`).toBeDefined();
      expect(accepted(command), `npm run ${command.name} -- ${command.args.join(" ")}`).toBe(true);
    }
  });
});

describe(".gitlab-ci.yml", () => {
  const text = readFileSync(".gitlab-ci.yml", "utf8");
  const config = parse(text) as Record<string, Record<string, unknown>>;
  // GitLab's job keywords (docs.gitlab.com, "CI/CD YAML syntax reference"), the ones a job may hold.
  const JOB_KEYWORDS = new Set(["after_script", "allow_failure", "artifacts", "before_script", "cache", "coverage", "dependencies", "environment", "except", "extends", "image", "inherit", "interruptible", "needs", "only", "parallel", "release", "resource_group", "retry", "rules", "script", "services", "stage", "tags", "timeout", "trigger", "variables", "when"]);

  it("one job, of GitLab's keywords only, with a script of strings", () => {
    const jobs = Object.entries(config);
    expect(jobs.map(([name]) => name)).toEqual(["course-checks"]);
    const job = jobs[0]![1];
    for (const key of Object.keys(job)) expect(JOB_KEYWORDS.has(key), `unknown job keyword ${key}`).toBe(true);
    expect(Array.isArray(job.script) && (job.script as unknown[]).every((line) => typeof line === "string")).toBe(true);
  });

  it("off where COURSE_CHECKS is off; the JUnit report as the test report, kept even when a step fails", () => {
    const job = config["course-checks"]!;
    expect(job.rules).toContainEqual({ if: '$COURSE_CHECKS == "off"', when: "never" });
    expect(job.artifacts).toMatchObject({ when: "always", reports: { junit: "report.xml" } });
    const script = (job.script as string[]).join("\n");
    expect(script).toContain("npm ci");
    for (const command of courseCommands(script)) {
      expect(scripts[command.name]).toBeDefined();
      expect(accepted(command)).toBe(true);
    }
    expect(script).toMatch(/--junit report\.xml/);
  });
});
