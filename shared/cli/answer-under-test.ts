// Part of the wrong-answer proofs (wrong-answers.ts says how they run). Runs in the vitest worker:
// each wrong answer's test file calls checkAnswer(), which loads its exercise's checks against the
// copy of the exercise files in `dir`.
//
// The run shares one module graph per worker (isolate: false), so the checks module and the
// @exercise proxies (answer-proxy.ts) are still in it from the wrong answer before. They, and
// whatever imports them, are dropped first, so the checks load again and the proxies import this
// answer's files. The lessons, the SDK and the other shared modules stay loaded. Then every proxy
// the checks need must have been loaded for this answer: a check run against another answer's
// files, or the solution's, would prove nothing, so that stops the file instead.

import { ANSWER_GLOBAL, PROXY_PREFIX } from "./answer-proxy.ts";

export interface AnswerUnderTest {
  dir: string;
  bound: Array<{ file: string; dir: string }>;
  everyCheck: boolean; // proof-checks.ts lets every check run
  caughtBy: string[]; // proof-checks.ts runs only these checks, when any are named
  coreOnly: boolean; // proof-checks.ts skips the hard-mode checks (a core mistake)
}

// The parts of vite's module-runner graph (EvaluatedModules) this uses.
interface ModuleNode {
  importers: Set<string>;
}
interface EvaluatedModules {
  idToModuleMap: Map<string, ModuleNode>;
  invalidateModule(node: ModuleNode): void;
}

// checksFile: test/NN-slug.test.ts (absolute); files: the exercise files it imports.
export async function checkAnswer(dir: string, checksFile: string, files: string[], options: { everyCheck?: boolean; caughtBy?: string[]; coreOnly?: boolean } = {}): Promise<void> {
  forgetPreviousAnswer();
  const answer: AnswerUnderTest = { dir, bound: [], everyCheck: options.everyCheck === true, caughtBy: options.caughtBy ?? [], coreOnly: options.coreOnly === true };
  Reflect.set(globalThis, ANSWER_GLOBAL, answer);
  await import(/* @vite-ignore */ checksFile);
  for (const file of files) {
    if (!answer.bound.some((b) => b.file === file && b.dir === dir)) {
      throw new Error(`the checks did not load ${file} from ${dir} (a module from an earlier wrong answer was reused): this proof would judge the wrong files`);
    }
  }
}

function forgetPreviousAnswer(): void {
  const graph = moduleGraph();
  const stale = new Set<string>();
  const visit = (id: string): void => {
    if (stale.has(id)) return;
    stale.add(id);
    for (const importer of graph.idToModuleMap.get(id)?.importers ?? []) visit(importer);
  };
  for (const id of graph.idToModuleMap.keys()) if (id.startsWith(PROXY_PREFIX)) visit(id);
  for (const id of stale) {
    const node = graph.idToModuleMap.get(id);
    if (node) graph.invalidateModule(node);
  }
}

function moduleGraph(): EvaluatedModules {
  const worker: unknown = Reflect.get(globalThis, "__vitest_worker__");
  const graph: unknown = worker && typeof worker === "object" ? Reflect.get(worker, "evaluatedModules") : undefined;
  if (!graph || typeof graph !== "object" || !(Reflect.get(graph, "idToModuleMap") instanceof Map) || typeof Reflect.get(graph, "invalidateModule") !== "function") {
    throw new Error("vitest's worker no longer exposes its module graph (__vitest_worker__.evaluatedModules); answer-under-test.ts needs updating for this vitest version");
  }
  return graph as EvaluatedModules;
}

// The answer whose checks this worker runs now, if any.
export function answerUnderTest(): AnswerUnderTest | undefined {
  return Reflect.get(globalThis, ANSWER_GLOBAL) as AnswerUnderTest | undefined;
}
