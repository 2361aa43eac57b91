// Setup file for the wrong-answer proofs (wrong-answers.config.ts). A proof needs one failing check
// per wrong answer, so once a test file has one, its remaining checks are skipped: they would only
// cost time (the property tests run a hundred cases or more each, for every one of 100+ wrong answers).
// A starter's checks all run: npm test counts how many fail.

import { beforeAll, beforeEach } from "vitest";
import { answerUnderTest } from "./answer-under-test.ts";

let failed = false;

beforeAll(() => {
  failed = false;
});

beforeEach(({ skip, onTestFailed }) => {
  if (failed && !answerUnderTest()?.everyCheck) skip("an earlier check of this wrong answer already failed");
  onTestFailed(() => {
    failed = true;
  });
});
