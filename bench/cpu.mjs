// CPU time of the bench's processes, read from /proc (Linux): what one page costs each process,
// which holds still when the machine is noisy and the requests per second do not.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

/** Clock ticks per second of /proc's CPU times. */
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  } catch {
    return 100
  }
})()

/** Milliseconds of CPU (user and system, every thread) the process has used; null without /proc. */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The fields after the command name, which is in parentheses and may hold spaces: utime and
    // stime are the 14th and 15th of the line.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS
  } catch {
    return null
  }
}

/** The process's children (the site's workers, the stand-in backend). */
export function childrenOf(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    )
  } catch {
    return []
  }
}

/** Whether the process's command line holds `text`. */
export function commandHas(pid, text) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text)
  } catch {
    return false
  }
}

/** CPU milliseconds of a group of processes, summed; null when any cannot be read. */
export function groupCpuMs(pids) {
  let sum = 0
  for (const pid of pids) {
    const ms = cpuMs(pid)
    if (ms === null) return null
    sum += ms
  }
  return sum
}
