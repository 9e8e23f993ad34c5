// Which site worker takes a new connection (decision 090): the one with the fewest open
// connections, the one that has waited longest among equals. The cluster's own round-robin gave
// a burst of connections to whichever worker acknowledged first, and a kept-alive connection stays
// where it landed: 35 against 15 under load, and the busier worker's visitors waited twice as long.

export class Balancer {
  /** Each worker that takes new connections, by worker id: its open connections, and when it was last handed one (a counter). */
  #workers = new Map()
  #clock = 0

  /** A worker that is ready takes connections from now on. */
  add(id) {
    if (!this.#workers.has(id)) this.#workers.set(id, { open: 0, handed: 0 })
  }

  /** A worker that stops (drains, exits) takes no more; its connections are its own to finish. */
  remove(id) {
    this.#workers.delete(id)
  }

  /** The worker for the next connection, counted as open there; null when no worker takes any. */
  take() {
    let best = null
    for (const [id, worker] of this.#workers) {
      if (best === null || worker.open < best.worker.open || (worker.open === best.worker.open && worker.handed < best.worker.handed)) best = { id, worker }
    }
    if (best === null) return null
    best.worker.open++
    best.worker.handed = ++this.#clock
    return best.id
  }

  /** A connection of this worker closed (or never reached it). */
  closed(id) {
    const worker = this.#workers.get(id)
    if (worker && worker.open > 0) worker.open--
  }

  /** Open connections by worker, for tests and logs. */
  get load() {
    return Object.fromEntries([...this.#workers].map(([id, worker]) => [id, worker.open]))
  }
}
