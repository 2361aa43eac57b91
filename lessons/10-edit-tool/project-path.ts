// Where a path the model sent really points, refused unless it stays inside the project folder.
// Same fence as lesson 03's save_to_file, now for reading too: a read-only tool that can open
// ~/.ssh/id_rsa leaks it into the conversation.

import { realpathSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";

export const DEFAULT_PROJECT = path.resolve(process.cwd(), "workspace", "project");

export interface ProjectPath {
  // The real location on disk (links resolved).
  absolute: string;
  // As the model should write it: relative to the project, "/" between folders.
  relative: string;
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  // "..notes.txt" is a name inside; only ".." itself or "../..." climbs out.
  const climbsOut = relative === ".." || relative.startsWith(`..${path.sep}`);
  return relative === "" || (!climbsOut && !path.isAbsolute(relative));
}

export async function resolveInProject(projectDir: string, given: unknown): Promise<ProjectPath> {
  if (typeof given !== "string" || given.trim() === "") {
    throw new Error('path must be a file name relative to the project folder, e.g. "src/math.ts".');
  }
  if (given.includes("\0")) throw new Error("path contains a NUL byte, which no file name may contain.");
  if (path.isAbsolute(given) || /^[a-zA-Z]:/.test(given) || given.includes("\\")) {
    throw new Error(`'${given}' is not a relative path. Paths are relative to the project folder and use "/", e.g. "src/math.ts".`);
  }
  const root = path.resolve(projectDir);
  const target = path.resolve(root, given);
  if (!isInside(root, target)) {
    throw new Error(`'${given}' climbs out of the project folder with "..". Only files inside the project can be read or edited.`);
  }
  const realRoot = await fs.realpath(root);
  let real: string;
  try {
    real = await fs.realpath(target);
  } catch {
    throw new Error(`There is no file '${given}' in the project. ${await listing(root, path.dirname(target))}`);
  }
  // A link inside the project may point anywhere; where it lands is what counts.
  if (!isInside(realRoot, real)) {
    throw new Error(`'${given}' is a link that leads outside the project folder; it is not followed.`);
  }
  return { absolute: real, relative: path.relative(realRoot, real).split(path.sep).join("/") };
}

// What is there, so the model does not have to guess names.
async function listing(root: string, dir: string): Promise<string> {
  const where = isInside(root, dir) ? dir : root;
  const entries = await fs.readdir(where, { withFileTypes: true }).catch(() => []);
  const names = entries.slice(0, 30).map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name));
  const label = path.relative(root, where).split(path.sep).join("/") || "The project folder";
  return names.length > 0 ? `${label} holds: ${names.sort().join(", ")}.` : `${label} is empty.`;
}

// The spelling a permission rule must judge: where the path really leads, relative to the project.
// A rule "deny edit_file(path=*.env)" is about the file .env, whatever name reaches it: a link
// notes.md -> .env must be judged as .env, or the allow rule for *.md would let the edit through.
// Synchronous, because the gate's normalizeInput is. A path that does not resolve inside the project
// keeps the spelling it had: the tool refuses it anyway, with the reason.
export function realSpelling(projectDir: string, given: string): string {
  if (given.includes("\0") || path.isAbsolute(given)) return given;
  try {
    const realRoot = realpathSync(path.resolve(projectDir));
    const real = realpathSync(path.resolve(projectDir, given));
    return isInside(realRoot, real) && real !== realRoot ? path.relative(realRoot, real).split(path.sep).join("/") : given;
  } catch {
    return given;
  }
}
