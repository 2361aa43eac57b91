// Where lessons, exercises and their tests live. The course is found by listing folders, so adding
// lessons/09-edit-tool/ is all it takes for `npm run lesson 9` to know it.

import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { messages } from "../i18n/messages.ts";

export interface CourseUnit {
  number: number;
  id: string; // "01-first-tool"
  slug: string; // "first-tool"
}

const UNIT = /^(\d{2})-([a-z0-9-]+)$/;

export function listUnits(folder: "lessons" | "exercises", root = process.cwd()): CourseUnit[] {
  const dir = path.join(root, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && UNIT.test(entry.name))
    .map((entry) => {
      const [, number, slug] = entry.name.match(UNIT) ?? [];
      return { number: Number(number), id: entry.name, slug: slug ?? "" };
    })
    .sort((a, b) => a.number - b.number);
}

// Accepts "1", "01", "first-tool" or "01-first-tool".
export function findUnit(units: CourseUnit[], wanted: string | undefined): CourseUnit | undefined {
  if (!wanted) return undefined;
  const text = wanted.trim().toLowerCase();
  if (/^\d+$/.test(text)) return units.find((u) => u.number === Number(text));
  return units.find((u) => u.id === text || u.slug === text);
}

export function testFileFor(unit: CourseUnit): string {
  return path.join("test", `${unit.id}.test.ts`);
}

export function unitList(units: CourseUnit[]): string {
  return units.map((u) => `  ${String(u.number).padStart(2, " ")}  ${u.id}`).join("\n");
}

// What a command says when it is given no lesson or exercise, or one that does not exist.
export function unknownUnitMessage(kind: "lesson" | "exercise", wanted: string | undefined, units: CourseUnit[], example: string): string {
  const m = messages().units;
  const what = wanted === undefined ? m.which(kind) : m.noSuch(kind, wanted);
  return `${what} ${m.pickOne}\n${unitList(units)}\n\n${m.example} ${example}`;
}
