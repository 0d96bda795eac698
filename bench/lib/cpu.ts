import { readdirSync, readFileSync } from 'node:fs';

/**
 * Where the machine's processor time went while a load ran (Linux /proc): how busy its cores were, and each
 * named group of processes' share. Shares are of all the cores together (100 % = every core busy the whole
 * span), in the kernel's clock ticks, which /proc/stat and /proc/<pid>/stat count alike.
 */
export interface CpuSpan {
  /** The share of all cores' time not idle. */
  busy: number;
  /** Each group's share, in the order the groups were named. */
  groups: { name: string; share: number }[];
}

/** A group of processes to account: its name and its pids at the time of each reading. */
export interface CpuGroup {
  name: string;
  pids: () => number[];
}

/** The whole machine's ticks: all, and those not idle (idle and iowait are the idle ones). */
function machineTicks(): { all: number; busy: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] as string).trim().split(/\s+/).slice(1).map(Number);
  const all = fields.reduce((sum, value) => sum + value, 0);
  return { all, busy: all - (fields[3] ?? 0) - (fields[4] ?? 0) };
}

/** A process's user and system ticks so far (0 once it is gone). */
function processTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis start at field 3.
    const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(after[11]) + Number(after[12]);
  } catch {
    return 0;
  }
}

/** The pids of the processes whose command name is `name` (e.g. every PostgreSQL backend). */
export function pidsNamed(name: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

/**
 * Starts accounting; the function answered ends the span and tells where its time went. A process that
 * started during the span counts from its start; one that ended during it is not counted.
 */
export function cpuSpan(groups: CpuGroup[]): () => CpuSpan {
  const readGroups = () => groups.map((group) => new Map(group.pids().map((pid) => [pid, processTicks(pid)] as const)));
  const machineBefore = machineTicks();
  const before = readGroups();
  return () => {
    const after = readGroups();
    const machineAfter = machineTicks();
    const all = machineAfter.all - machineBefore.all || 1;
    return {
      busy: (machineAfter.busy - machineBefore.busy) / all,
      groups: groups.map((group, index) => {
        let ticks = 0;
        for (const [pid, now] of after[index] as Map<number, number>)
          ticks += now - ((before[index] as Map<number, number>).get(pid) ?? 0);
        return { name: group.name, share: ticks / all };
      }),
    };
  };
}

/** A span as words: `cores 97 % busy: app 51 %, PostgreSQL 27 %, …`. */
export function describeCpu(span: CpuSpan): string {
  const percent = (share: number) => `${Math.round(share * 100)} %`;
  return `cores ${percent(span.busy)} busy: ${span.groups.map((group) => `${group.name} ${percent(group.share)}`).join(', ')}`;
}
