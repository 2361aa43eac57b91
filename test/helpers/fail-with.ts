// expect.fail for a check that caught an error from the learner's code and says what it means: the
// caught error goes along as the failure's `cause`, so `npm run check` shows the learner's file and
// line where it was thrown (shared/cli/check-runner.ts), not this line of the check.
//
//   } catch (error) {
//     return failWith(`repairOrphans threw "${messageOf(error)}"; it should return the repaired list`, error);
//   }

export function failWith(message: string, cause: unknown): never {
  const failure = new Error(message, { cause });
  failure.name = "AssertionError";
  throw failure;
}
