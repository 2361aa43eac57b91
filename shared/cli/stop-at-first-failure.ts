// Setup file for the wrong-answer proofs (wrong-answers.config.ts). A proof needs one failing check
// per wrong answer, so once a test file has one, its remaining checks are skipped: they would only
// cost time (the property tests run a hundred cases or more each, for every one of 100+ wrong answers).

import { beforeAll, beforeEach } from "vitest";

let failed = false;

beforeAll(() => {
  failed = false;
});

beforeEach(({ skip, onTestFailed }) => {
  if (failed) skip("an earlier check of this wrong answer already failed");
  onTestFailed(() => {
    failed = true;
  });
});
