// Run as its own process by the lesson 06 tests: remembers one fact in a memory folder, the way a
// second terminal running the agent would. The test bundles it with esbuild, then: node remember.mjs DIR FACT

import { remember } from "../../lessons/06-memory/remember.ts";

const [dir, fact] = process.argv.slice(2);
if (!dir || !fact) {
  console.error("usage: remember-in-process.ts DIR FACT");
  process.exit(2);
}
remember(dir, fact, { today: () => "2026-05-01" }).then(
  (said) => console.log(said),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
