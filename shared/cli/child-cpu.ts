// CPU time of the child processes npm test starts, so that `npm run bench -- test` can say what the run
// is made of in CPU-seconds: on a machine with two cores, no ordering of the steps can make npm test
// take less wall time than its CPU time divided by two.
// Linux keeps, for each process, the CPU time of its children that have ended (and of theirs): fields
// cutime and cstime of /proc/self/stat. Reading it when a child has just ended, and subtracting what
// was read last, gives that child's CPU time (two children ending within the same instant would be
// counted together). Elsewhere there is no such file, and the figures are left out.

import { readFileSync } from "node:fs";

// Linux reports these fields in clock ticks of 1/100 s (USER_HZ) on every common platform.
const TICKS_PER_SECOND = 100;

function endedChildrenSeconds(): number | undefined {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    // The fields after the command name (in parentheses, which may hold spaces) start with field 3;
    // cutime and cstime are fields 16 and 17.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

let counted = endedChildrenSeconds();

// Call as soon as a child process has ended (its "exit" event): the CPU-seconds it used, with its own
// children; undefined where the system does not say.
export function cpuOfEndedChild(): number | undefined {
  const now = endedChildrenSeconds();
  if (now === undefined || counted === undefined) return undefined;
  const used = now - counted;
  counted = now;
  return used;
}
