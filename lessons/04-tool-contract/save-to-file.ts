// save_to_file as a contract: lesson 03's confined, atomic save (imported), with rules the model can
// follow before it calls: relative names only (the schema refuses "/" at the start and ".." before our
// code runs), the same content twice is harmless (so a retry is safe), and errors in words.

import { MAX_CONTENT_BYTES, MAX_NAME_BYTES, SaveRefusedError, saveToFile, type SaveResult } from "../03-saving-files/save-to-file.ts";
import { ToolError, type ContractTool } from "./contract.ts";
import { fileErrorMessage } from "./describe-error.ts";

// A relative name that does not start with "/" and has no ".." step. The description says it in words.
export const RELATIVE_NAME = "^(?!/)(?!(.*/)?\\.\\.(/|$))[^\\\\]+$";

export function createSaveToFileTool(workspaceDir: string): ContractTool<{ filename: string; content: string }, SaveResult> {
  return {
    name: "save_to_file",
    description:
      "Write text to a file in the agent's workspace folder, creating it or replacing what was there. " +
      "Use it only when the user asks to save or write something down; do not use it to show an answer. " +
      'Returns {"path","bytes","status"} where status is "created" or "overwritten". ' +
      "Saving the same content to the same name again leaves the same file, so repeating a call is safe. " +
      "Names outside the workspace (absolute, with '..', through links) are refused with the reason.",
    input_schema: {
      type: "object",
      properties: {
        filename: {
          type: "string",
          minLength: 1,
          maxLength: MAX_NAME_BYTES,
          pattern: RELATIVE_NAME,
          description: "File name relative to the workspace, without '..' or a leading '/'; folders are created",
          examples: ["report.txt", "reports/usd-rub.txt"],
        },
        content: {
          type: "string",
          maxLength: MAX_CONTENT_BYTES,
          description: "The complete text of the file (UTF-8); it replaces any earlier content",
          examples: ["500 USD = 46250 RUB (rate 92.5, demo table)"],
        },
      },
      required: ["filename", "content"],
      additionalProperties: false,
    },
    async run(input) {
      try {
        return await saveToFile(workspaceDir, input.filename, input.content);
      } catch (error) {
        // A refused name or content (too many bytes, say) fails again however often it is sent.
        if (error instanceof SaveRefusedError) throw new ToolError(error.message);
        const sentence = fileErrorMessage(error, input.filename);
        if (sentence) throw new ToolError(sentence);
        // Anything else (a disk error we have no sentence for, a bug) is on our side: the dispatcher says so.
        throw error;
      }
    },
  };
}
