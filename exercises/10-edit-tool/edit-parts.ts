// Your matchers and stops, in the lesson's chain. Nothing to do here: the checks and edit_file use it.
// The chain keeps the lesson's order, strict to forgiving; your matchers take three of its places.

import type { EditParts } from "../../lessons/10-edit-tool/apply-edit.ts";
import { escapeNormalised, exact, whitespaceNormalised } from "../../lessons/10-edit-tool/matchers.ts";
import { blockAnchored, indentationFlexible, lineTrimmed } from "./matchers.ts";
import { refuseAmbiguous, refuseOversized } from "./safety-stops.ts";
import { spliceLiterally } from "./splice.ts";

export const yourParts: EditParts = {
  matchers: [exact, lineTrimmed, indentationFlexible, whitespaceNormalised, escapeNormalised, blockAnchored],
  refuseAmbiguous,
  refuseOversized,
  splice: spliceLiterally,
};
