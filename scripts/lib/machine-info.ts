import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';

/** What a benchmark ran on: printed next to every table, so figures from different machines are not compared blindly. */
export interface MachineInfo {
  cpuModel: string;
  cores: number;
  /** 1, 5 and 15 minute load averages, before the run. */
  loadAverage: [number, number, number];
  /** Share of CPU time stolen by the hypervisor over a short sample (Linux only; null elsewhere). */
  stealPercent: number | null;
  node: string;
}

function cpuTimes(): { steal: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    return { steal: fields[7] ?? 0, total: fields.reduce((a, b) => a + b, 0) };
  } catch {
    return null;
  }
}

/** Samples the machine: CPU model, usable cores, load average and steal over `sampleMs`. */
export async function machineInfo(sampleMs = 500): Promise<MachineInfo> {
  const loadAverage = loadavg().map((l) => Math.round(l * 100) / 100) as [number, number, number];
  const before = cpuTimes();
  await new Promise((r) => setTimeout(r, sampleMs));
  const after = cpuTimes();
  const stealPercent =
    before && after && after.total > before.total ? Math.round(((after.steal - before.steal) / (after.total - before.total)) * 1000) / 10 : null;
  return { cpuModel: cpus()[0]?.model.trim() ?? 'unknown', cores: availableParallelism(), loadAverage, stealPercent, node: process.version };
}

/** One line for the bench output. */
export function formatMachine(m: MachineInfo): string {
  const steal = m.stealPercent === null ? '' : `, steal ${m.stealPercent} %`;
  return `machine: ${m.cpuModel}, ${m.cores} cores, load average ${m.loadAverage.join(' / ')} before the run${steal}, Node ${m.node}`;
}
