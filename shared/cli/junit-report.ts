// `npm run progress -- --junit report.xml`: every check as a test case in JUnit XML, the report
// format that GitHub (through test-report actions), GitLab (artifacts:reports:junit) and Jenkins show.
// One <testsuite> per exercise, one <testcase> per check. A failing core check is a <failure>; an
// exercise whose checks could not load is one <testcase> with an <error>; a hard-mode check that does
// not pass yet is <skipped> (hard mode is optional: it must not turn a learner's report red).
// Messages are the checks' teaching messages (no stack lines, no colour codes); every text is
// escaped, and characters XML 1.0 cannot hold are dropped, so a learner's odd output cannot break it.

import type { CheckResult } from "./check-result.ts";
import type { CourseUnit } from "./course-files.ts";

export function junitXml(exercises: CourseUnit[], results: Map<string, CheckResult>, suiteName: string, now = new Date()): string {
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  let errors = 0;
  let skipped = 0;
  for (const exercise of exercises) {
    const result = results.get(exercise.id) ?? { checks: [] };
    const cases: string[] = [];
    const counts = { tests: 0, failures: 0, errors: 0, skipped: 0 };
    if (result.broken) {
      counts.tests += 1;
      counts.errors += 1;
      const text = [result.broken.message, result.broken.frame].filter(Boolean).join("\n\n");
      cases.push(`    <testcase classname="${attr(exercise.id)}" name="the checks load the code">\n      <error message="${attr(firstLine(result.broken.message))}">${escapeText(text)}</error>\n    </testcase>`);
    }
    for (const check of result.checks) {
      counts.tests += 1;
      const open = `    <testcase classname="${attr(exercise.id)}" name="${attr(check.hard ? `[hard mode] ${check.title}` : check.title)}"`;
      if (check.passed) {
        cases.push(`${open}/>`);
      } else if (check.hard) {
        counts.skipped += 1;
        cases.push(`${open}>\n      <skipped message="hard mode (optional): not passing yet"/>\n    </testcase>`);
      } else {
        counts.failures += 1;
        const text = [check.message, check.frame].filter(Boolean).join("\n\n");
        cases.push(`${open}>\n      <failure message="${attr(firstLine(check.message))}" type="check">${escapeText(text)}</failure>\n    </testcase>`);
      }
    }
    tests += counts.tests;
    failures += counts.failures;
    errors += counts.errors;
    skipped += counts.skipped;
    const head = `  <testsuite name="${attr(exercise.id)}" tests="${counts.tests}" failures="${counts.failures}" errors="${counts.errors}" skipped="${counts.skipped}" timestamp="${now.toISOString().slice(0, 19)}">`;
    suites.push(cases.length > 0 ? `${head}\n${cases.join("\n")}\n  </testsuite>` : `${head}</testsuite>`);
  }
  const root = `<testsuites name="${attr(suiteName)}" tests="${tests}" failures="${failures}" errors="${errors}" skipped="${skipped}">`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root}\n${suites.join("\n")}\n</testsuites>\n`;
}

// Tabs, new lines and carriage returns are the only control characters XML 1.0 allows; lone
// surrogates and U+FFFE/U+FFFF are not characters at all.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function escapeText(value: string): string {
  return value.replace(NOT_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function attr(value: string): string {
  // New lines in an attribute are normalised to spaces by every XML reader: say them as references.
  return escapeText(value).replace(/"/g, "&quot;").replace(/\n/g, "&#10;").replace(/\r/g, "&#13;").replace(/\t/g, "&#9;");
}

function firstLine(message: string): string {
  return message.split("\n")[0] ?? "";
}
