// Node 20 lacks Map.groupBy and Object.groupBy (Node 21+), which the test runner's reporter
// uses when it prints failures. Loaded by vitest.config.ts in the runner's own process.
if (typeof Map.groupBy !== 'function') {
  Map.groupBy = (items, key) => {
    const map = new Map()
    let i = 0
    for (const item of items) {
      const k = key(item, i++)
      if (!map.has(k)) map.set(k, [])
      map.get(k).push(item)
    }
    return map
  }
}
if (typeof Object.groupBy !== 'function') {
  Object.groupBy = (items, key) => {
    const out = Object.create(null)
    let i = 0
    for (const item of items) {
      const k = key(item, i++)
      ;(out[k] ??= []).push(item)
    }
    return out
  }
}
