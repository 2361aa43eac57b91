// What "mathjs" means inside the tests (vitest.config.ts aliases it here): only the pieces that
// lessons/02-agent-loop/restricted-math.ts imports, each from its own module file. mathjs' index
// builds a complete default instance as it loads (about a second of CPU in every test file that
// calculates); the lesson's bundle never pays that, because esbuild keeps only these same modules.
// test/shared/mathjs-parts.test.ts keeps this list equal to the lesson's import list.
// mathjs ships types for its index only, so these module files have none: this file is not type-checked
// (the calculator itself is, against "mathjs").
// @ts-nocheck

export { absDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesAbs.generated.js";
export { acosDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesAcos.generated.js";
export { addDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesAdd.generated.js";
export { asinDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesAsin.generated.js";
export { atanDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesAtan.generated.js";
export { cbrtDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesCbrt.generated.js";
export { ceilDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesCeil.generated.js";
export { cosDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesCos.generated.js";
export { create } from "../../node_modules/mathjs/lib/esm/core/create.js";
export { divideDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesDivide.generated.js";
export { eDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesE.generated.js";
export { evaluateDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesEvaluate.generated.js";
export { expDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesExp.generated.js";
export { floorDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesFloor.generated.js";
export { log10Dependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesLog10.generated.js";
export { log2Dependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesLog2.generated.js";
export { logDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesLog.generated.js";
export { maxDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesMax.generated.js";
export { meanDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesMean.generated.js";
export { minDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesMin.generated.js";
export { modDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesMod.generated.js";
export { multiplyDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesMultiply.generated.js";
export { parseDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesParse.generated.js";
export { piDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesPi.generated.js";
export { powDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesPow.generated.js";
export { roundDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesRound.generated.js";
export { sinDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesSin.generated.js";
export { sqrtDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesSqrt.generated.js";
export { subtractDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesSubtract.generated.js";
export { sumDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesSum.generated.js";
export { tanDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesTan.generated.js";
export { unaryMinusDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesUnaryMinus.generated.js";
export { unaryPlusDependencies } from "../../node_modules/mathjs/lib/esm/entry/dependenciesAny/dependenciesUnaryPlus.generated.js";
