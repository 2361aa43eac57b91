// Exercise 08, TODO 2: the routing rule. Read exercises/08-assistant/README.md first.
// Check your work with: npm run check 8

import { CHEAP_MODEL, MANY_STEPS, STRONG_MODEL, type Route, type TaskFacts } from "../../lessons/08-assistant/route-model.ts";

// TODO 2: pick the model for one message, and say why in a few words (`why`):
//   1. facts.override, once trimmed, is not empty: that model ("pinned ..."). A person's choice wins.
//   2. facts.asksForStrong: STRONG_MODEL ("strong: the user asked for it").
//   3. facts.steps is MANY_STEPS or more: STRONG_MODEL ("strong: N steps").
//   4. otherwise: CHEAP_MODEL ("cheap: ...").
// `why` starts with "pinned", "strong" or "cheap".
export function routeModel(facts: TaskFacts): Route {
  throw new Error(
    `not implemented yet: routeModel() in exercises/08-assistant/route-model.ts should pick a model for a message with ` +
      `${facts.steps} step(s) (override, then asksForStrong, then steps >= MANY_STEPS, else the cheap model)`,
  );
}
